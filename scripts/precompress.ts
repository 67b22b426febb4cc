// After `react-router build`: writes .br (quality 11) and .gz (level 9) beside every hashed asset, so the server sends
// the smallest bytes without compressing on each request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assetsDir = path.join(process.env.SAMEN_BUILD_DIR ?? "build", "client/assets");
const compressible = /\.(?:js|css|svg|json|txt|xml|map)$/;
let original = 0;
let brotli = 0;
for (const name of fs.readdirSync(assetsDir)) {
  if (!compressible.test(name)) continue;
  const file = path.join(assetsDir, name);
  const content = fs.readFileSync(file);
  if (content.length < 512) continue;
  const br = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  original += content.length;
  brotli += br.length;
}
console.log(`precompressed assets: ${(original / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
