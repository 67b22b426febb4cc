// Regenerates the product screenshots on the home page and the Open Graph picture, from the app itself:
// the /dashboard demo is captured from the production build, the goals and analytics views are composed
// in the app's own stylesheet and colours. Writes WebP files to public/images/.
// Usage: npx react-router build && node scripts/marketing-screenshots.ts
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startProductionServer } from "../bench/serve.ts";

const outDir = path.resolve("public/images");
const frame = { width: 1280, height: 800 };
const sizes = [1600, 800];

const navItems = ["Dashboard", "Income", "Expenses", "Goals", "Reports", "Settings", "Upgrade"];
const icons: Record<string, string> = {
  Dashboard:
    '<rect x="3" y="3" width="7" height="9" rx="1"/><rect x="14" y="3" width="7" height="5" rx="1"/><rect x="14" y="12" width="7" height="9" rx="1"/><rect x="3" y="16" width="7" height="5" rx="1"/>',
  Income:
    '<path d="M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1"/><path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4"/>',
  Expenses:
    '<path d="M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1Z"/><path d="M16 8h-6a2 2 0 1 0 0 4h4a2 2 0 1 1 0 4H8"/>',
  Goals: '<circle cx="12" cy="12" r="10"/><circle cx="12" cy="12" r="6"/><circle cx="12" cy="12" r="2"/>',
  Reports: '<path d="M3 3v16a2 2 0 0 0 2 2h16"/><path d="M18 17V9"/><path d="M13 17V5"/><path d="M8 17v-3"/>',
  Settings:
    '<path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z"/><circle cx="12" cy="12" r="3"/>',
  Upgrade:
    '<path d="M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z"/><path d="M5 21h14"/>',
};

const icon = (name: string, size = 18) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${icons[name] ?? ""}</svg>`;

/** The app shell around every picture: a sidebar with the seven sections, like the real app. */
function shell(active: string, content: string, mainStyle = ""): string {
  const nav = navItems
    .map(
      (item) =>
        `<div class="nav ${item === active ? "active" : ""}">${icon(item)}<span>${item}</span>${item === "Upgrade" ? "<em>Premium</em>" : ""}</div>`,
    )
    .join("");
  return `
  <div class="shell">
    <aside>
      <div class="brand"><svg viewBox="0 0 32 32" width="30" height="30"><rect width="32" height="32" rx="9" fill="var(--color-primary)"/><circle cx="12.5" cy="16" r="6" fill="none" stroke="white" stroke-width="2.6"/><circle cx="19.5" cy="16" r="6" fill="none" stroke="white" stroke-opacity=".75" stroke-width="2.6"/></svg>Samen</div>
      <div class="household"><span class="dot">SP</span><div><b>Our household</b><small>Sanne &amp; Pieter</small></div></div>
      <nav>${nav}</nav>
      <div class="plan"><b>Premium</b><small>Renews on 1 July</small></div>
    </aside>
    <main style="${mainStyle}">${content}</main>
  </div>`;
}

const baseCss = `
  * { box-sizing: border-box; margin: 0; }
  body { width: ${frame.width}px; height: ${frame.height}px; overflow: hidden; font-family: var(--font-sans); color: var(--color-foreground); background: var(--color-background); -webkit-font-smoothing: antialiased; }
  .shell { display: grid; grid-template-columns: 220px 1fr; height: 100%; }
  aside { background: var(--color-card); border-right: 1px solid var(--color-border); padding: 22px 14px; display: flex; flex-direction: column; gap: 18px; }
  .brand { display: flex; align-items: center; gap: 10px; font-weight: 650; font-size: 20px; padding: 0 8px; }
  .household { display: flex; gap: 10px; align-items: center; border: 1px solid var(--color-border); border-radius: 12px; padding: 10px; }
  .household .dot { width: 32px; height: 32px; border-radius: 999px; background: var(--color-secondary); color: var(--color-primary); display: grid; place-items: center; font-size: 12px; font-weight: 700; }
  .household b, .plan b { display: block; font-size: 13px; } .household small, .plan small { color: var(--color-muted-foreground); font-size: 12px; }
  nav { display: flex; flex-direction: column; gap: 2px; }
  .nav { display: flex; align-items: center; gap: 12px; padding: 9px 10px; border-radius: 10px; color: var(--color-muted-foreground); font-size: 14px; font-weight: 500; }
  .nav.active { background: var(--color-secondary); color: var(--color-primary); }
  .nav em { margin-left: auto; font-style: normal; font-size: 10px; font-weight: 700; background: var(--color-accent); color: var(--color-accent-foreground); padding: 2px 7px; border-radius: 999px; }
  .plan { margin-top: auto; background: var(--color-muted); border-radius: 12px; padding: 12px; }
  main { background: color-mix(in oklab, var(--color-muted) 50%, var(--color-background)); overflow: hidden; padding: 30px 32px; }
  h1 { font-size: 28px; font-weight: 650; letter-spacing: -0.02em; } .sub { color: var(--color-muted-foreground); margin-top: 4px; }
  .top { display: flex; justify-content: space-between; align-items: center; margin-bottom: 22px; }
  .btn { background: var(--color-primary); color: var(--color-primary-foreground); border-radius: 8px; padding: 10px 16px; font-size: 14px; font-weight: 500; }
  .btn.outline { background: var(--color-card); color: var(--color-foreground); border: 1px solid var(--color-input); }
  .card { background: var(--color-card); border: 1px solid var(--color-border); border-radius: 14px; padding: 20px; box-shadow: 0 1px 2px rgb(0 0 0 / 0.04); }
  .muted { color: var(--color-muted-foreground); } .small { font-size: 13px; } .tiny { font-size: 12px; }
  .bar { height: 10px; background: var(--color-secondary); border-radius: 999px; overflow: hidden; } .bar > div { height: 100%; background: var(--color-primary); border-radius: 999px; }
  .pill { display: inline-block; font-size: 12px; font-weight: 600; padding: 3px 9px; border-radius: 999px; background: var(--color-secondary); color: var(--color-secondary-foreground); }
  .tabs { display: inline-flex; background: var(--color-card); border: 1px solid var(--color-border); border-radius: 10px; padding: 3px; gap: 2px; }
  .tabs span { padding: 6px 14px; border-radius: 8px; font-size: 13px; color: var(--color-muted-foreground); } .tabs .on { background: var(--color-secondary); color: var(--color-primary); font-weight: 600; }
`;

const euro = (value: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(value);

function goalsView(): string {
  const goals = [
    {
      name: "Emergency buffer",
      saved: 3200,
      target: 5000,
      note: "€150 a month keeps you on track",
      due: "No deadline",
      color: "var(--color-primary)",
    },
    {
      name: "Summer in Portugal",
      saved: 1150,
      target: 2400,
      note: "€313 a month until 1 July",
      due: "Due 1 July",
      color: "oklch(0.62 0.14 70)",
    },
    {
      name: "New bike for Pieter",
      saved: 540,
      target: 900,
      note: "€120 a month until September",
      due: "Due 30 September",
      color: "oklch(0.55 0.1 230)",
    },
  ];
  const cards = goals
    .map((goal) => {
      const ratio = goal.saved / goal.target;
      return `<div class="card" style="display:flex;flex-direction:column;gap:12px">
        <div style="display:flex;justify-content:space-between;align-items:center"><b style="font-size:16px">${goal.name}</b><span class="pill">${Math.round(ratio * 100)}%</span></div>
        <div style="font-size:26px;font-weight:650;letter-spacing:-0.02em">${euro(goal.saved)} <span class="muted" style="font-size:15px;font-weight:500">of ${euro(goal.target)}</span></div>
        <div class="bar"><div style="width:${ratio * 100}%;background:${goal.color}"></div></div>
        <div style="display:flex;justify-content:space-between" class="small muted"><span>${goal.note}</span><span>${goal.due}</span></div>
      </div>`;
    })
    .join("");
  const history = [
    ["12 June", "Emergency buffer", "+ €150"],
    ["5 June", "Summer in Portugal", "+ €300"],
    ["1 June", "New bike for Pieter", "+ €120"],
    ["28 May", "Summer in Portugal", "+ €250"],
    ["12 May", "Emergency buffer", "+ €150"],
  ]
    .map(
      ([date, goal, amount]) =>
        `<div style="display:flex;justify-content:space-between;padding:11px 0;border-top:1px solid var(--color-border)" class="small"><span><b style="font-weight:600">${goal}</b><br><span class="muted tiny">${date}</span></span><span style="color:var(--color-success);font-weight:600">${amount}</span></div>`,
    )
    .join("");
  return shell(
    "Goals",
    `<div class="top"><div><h1>Savings goals</h1><p class="sub">Three goals, ${euro(4890)} saved together</p></div><div style="display:flex;gap:8px"><span class="btn outline">Add money</span><span class="btn">+ New goal</span></div></div>
     <div style="display:grid;grid-template-columns:1.6fr 1fr;gap:16px">
       <div style="display:flex;flex-direction:column;gap:16px">${cards}</div>
       <div style="display:flex;flex-direction:column;gap:16px">
         <div class="card" style="background:var(--color-primary);color:var(--color-primary-foreground);border:none">
           <div class="small" style="opacity:.85">Saved this year</div>
           <div style="font-size:30px;font-weight:650;margin-top:4px">${euro(2760)}</div>
           <div class="small" style="opacity:.85;margin-top:6px">That is 21% more than last year</div>
         </div>
         <div class="card"><b>Recent contributions</b><div style="margin-top:10px">${history}</div></div>
       </div>
     </div>`,
  );
}

function analyticsView(): string {
  const months = [
    ["Jan", 3900, 3350],
    ["Feb", 3950, 3100],
    ["Mar", 4100, 3420],
    ["Apr", 3930, 2890],
    ["May", 4050, 3075],
    ["Jun", 4250, 2980],
  ] as const;
  const chartH = 220;
  const max = 4500;
  const bars = months
    .map(([label, income, expenses], index) => {
      const x = 40 + index * 95;
      const hi = (income / max) * chartH;
      const he = (expenses / max) * chartH;
      return `<rect x="${x}" y="${chartH - hi + 10}" width="30" height="${hi}" rx="5" fill="var(--color-primary)"/>
        <rect x="${x + 36}" y="${chartH - he + 10}" width="30" height="${he}" rx="5" fill="oklch(0.8 0.04 70)"/>
        <text x="${x + 33}" y="${chartH + 32}" text-anchor="middle" font-size="12" fill="var(--color-muted-foreground)">${label}</text>`;
    })
    .join("");
  const grid = [0, 1000, 2000, 3000, 4000]
    .map((value) => {
      const y = chartH - (value / max) * chartH + 10;
      return `<line x1="30" x2="620" y1="${y}" y2="${y}" stroke="var(--color-border)"/><text x="24" y="${y + 4}" text-anchor="end" font-size="11" fill="var(--color-muted-foreground)">${value ? `${value / 1000}k` : "0"}</text>`;
    })
    .join("");
  const categories = [
    ["Housing", 38, "var(--color-primary)"],
    ["Groceries", 18, "oklch(0.62 0.14 70)"],
    ["Transport", 11, "oklch(0.55 0.1 230)"],
    ["Leisure", 9, "oklch(0.6 0.12 20)"],
    ["Utilities", 8, "oklch(0.7 0.08 150)"],
    ["Other", 16, "oklch(0.82 0.02 100)"],
  ] as const;
  let offset = 0;
  const circumference = 2 * Math.PI * 52;
  const donut = categories
    .map(([, share, color]) => {
      const length = (share / 100) * circumference;
      const arc = `<circle cx="70" cy="70" r="52" fill="none" stroke="${color}" stroke-width="20" stroke-dasharray="${length - 2} ${circumference}" stroke-dashoffset="${-offset}" transform="rotate(-90 70 70)"/>`;
      offset += length;
      return arc;
    })
    .join("");
  const legend = categories
    .map(
      ([name, share, color]) =>
        `<div style="display:flex;align-items:center;gap:8px" class="small"><span style="width:10px;height:10px;border-radius:3px;background:${color}"></span><span style="flex:1">${name}</span><b style="font-weight:600">${share}%</b></div>`,
    )
    .join("");
  const kpis = [
    ["Average income", euro(4030), "+4.1%"],
    ["Average expenses", euro(3136), "−2.7%"],
    ["Average savings rate", "22.2%", "+3.0 pts"],
  ]
    .map(
      ([label, value, trend]) =>
        `<div class="card" style="padding:16px 18px"><div class="small muted">${label}</div><div style="font-size:22px;font-weight:650;margin-top:4px">${value}</div><div class="tiny" style="color:var(--color-success);font-weight:600;margin-top:2px">${trend} vs previous half year</div></div>`,
    )
    .join("");
  return shell(
    "Reports",
    `<div class="top"><div><h1>Reports</h1><p class="sub">January – June, shared household budget</p></div><div class="tabs"><span>Weekly</span><span class="on">Monthly</span><span>Yearly</span></div></div>
     <div style="display:grid;grid-template-columns:repeat(3,1fr);gap:14px;margin-bottom:16px">${kpis}</div>
     <div style="display:grid;grid-template-columns:minmax(0,1.55fr) minmax(0,1fr);gap:16px">
       <div class="card"><div style="display:flex;justify-content:space-between;align-items:center"><b>Income vs expenses</b><span class="tiny muted"><span style="display:inline-block;width:9px;height:9px;border-radius:2px;background:var(--color-primary)"></span> Income &nbsp; <span style="display:inline-block;width:9px;height:9px;border-radius:2px;background:oklch(0.8 0.04 70)"></span> Expenses</span></div>
         <svg viewBox="0 0 630 ${chartH + 44}" width="100%" style="margin-top:14px;display:block">${grid}${bars}</svg></div>
       <div class="card"><b>Spending by category</b>
         <div style="display:flex;gap:18px;align-items:center;margin-top:18px"><svg width="140" height="140">${donut}<text x="70" y="66" text-anchor="middle" font-size="11" fill="var(--color-muted-foreground)">June</text><text x="70" y="84" text-anchor="middle" font-size="16" font-weight="650" fill="var(--color-foreground)">${euro(2980)}</text></svg>
         <div style="flex:1;display:flex;flex-direction:column;gap:9px">${legend}</div></div></div>
     </div>`,
  );
}

async function render(page: Page, cssUrl: string, body: string): Promise<Buffer> {
  await page.setViewportSize(frame);
  await page.setContent(
    `<!doctype html><html><head><link rel="stylesheet" href="${cssUrl}"><style>${baseCss}</style></head><body>${body}</body></html>`,
    {
      waitUntil: "networkidle",
    },
  );
  return page.screenshot({ type: "png" });
}

/** Downscales a PNG in the browser (high-quality smoothing) and encodes it as WebP. */
async function toWebp(page: Page, png: Buffer, width: number, height: number, quality = 0.86): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ src, width, height, quality }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = "high";
      context.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL("image/webp", quality);
    },
    { src: `data:image/png;base64,${png.toString("base64")}`, width, height, quality },
  );
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
}

async function main() {
  fs.mkdirSync(path.join(outDir, "screenshots"), { recursive: true });
  const server = await startProductionServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ viewport: frame, deviceScaleFactor: 2, locale: "en-GB" });
    const page = await context.newPage();

    // The dashboard: the real /dashboard demo, without the marketing-site notice, inside the app shell.
    await page.setViewportSize({ width: 1060, height: 900 });
    await page.goto(`${server.url}/dashboard`, { waitUntil: "networkidle" });
    const cssUrl = await page
      .locator('link[rel="stylesheet"]')
      .first()
      .evaluate((link) => {
        if (!(link instanceof HTMLLinkElement)) throw new Error("The stylesheet's element is not a link");
        return link.href;
      });
    await page.addStyleTag({
      content:
        '[data-testid="demo-notice"]{display:none!important} [data-testid="dashboard-content"]{padding-top:30px!important}',
    });
    const dashboardPng = await page.locator('[data-testid="dashboard-content"]').screenshot({ type: "png" });
    const dashboardSrc = `data:image/png;base64,${dashboardPng.toString("base64")}`;
    const dashboardBody = shell(
      "Dashboard",
      `<img src="${dashboardSrc}" style="display:block;width:1060px" alt="">`,
      "padding:0",
    );

    const views = { dashboard: dashboardBody, goals: goalsView(), analytics: analyticsView() };
    for (const [name, body] of Object.entries(views)) {
      const png = await render(page, cssUrl, body);
      for (const width of sizes) {
        const file = path.join(outDir, "screenshots", `${name}-${width}.webp`);
        fs.writeFileSync(file, await toWebp(page, png, width, (width * frame.height) / frame.width));
        console.log(`${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KB)`);
      }
    }

    // Open Graph picture (1200×630): tagline on the brand colour with the dashboard beside it.
    const ogPng = await (async () => {
      await page.setViewportSize({ width: 1200, height: 630 });
      const dashboard = `data:image/png;base64,${(await render(page, cssUrl, dashboardBody)).toString("base64")}`;
      await page.setViewportSize({ width: 1200, height: 630 });
      await page.setContent(
        `<!doctype html><html><head><link rel="stylesheet" href="${cssUrl}"><style>*{margin:0;box-sizing:border-box}body{width:1200px;height:630px;overflow:hidden;font-family:var(--font-sans);background:var(--color-primary);color:white;display:grid;grid-template-columns:520px 1fr;align-items:center}
        .text{padding:0 0 0 72px}.brand{display:flex;gap:12px;align-items:center;font-size:30px;font-weight:650}h1{font-size:54px;line-height:1.08;letter-spacing:-0.02em;margin-top:36px;font-weight:650}p{margin-top:22px;font-size:22px;opacity:.85}
        img{width:900px;border-radius:18px;box-shadow:0 30px 60px rgb(0 0 0/.3);transform:translateX(20px)}</style></head><body>
        <div class="text"><div class="brand"><svg viewBox="0 0 32 32" width="44" height="44"><rect width="32" height="32" rx="9" fill="white"/><circle cx="12.5" cy="16" r="6" fill="none" stroke="var(--color-primary)" stroke-width="2.6"/><circle cx="19.5" cy="16" r="6" fill="none" stroke="var(--color-primary)" stroke-opacity=".7" stroke-width="2.6"/></svg>Samen</div>
        <h1>Money should bring peace, not anxiety.</h1><p>Calm budgeting for couples, families, expats and students.</p></div>
        <div><img src="${dashboard}" alt=""></div></body></html>`,
        { waitUntil: "networkidle" },
      );
      return page.screenshot({ type: "png" });
    })();
    await context.close();
    // Open Graph needs PNG or JPEG for the widest support; a 1× PNG keeps it small.
    const ogContext = await browser.newContext({ viewport: { width: 1200, height: 630 } });
    const ogPage = await ogContext.newPage();
    await ogPage.setContent(
      `<img src="data:image/png;base64,${ogPng.toString("base64")}" style="width:1200px;height:630px;display:block">`,
    );
    await ogPage.addStyleTag({ content: "body{margin:0}" });
    const ogFile = path.join(outDir, "og-image.png");
    fs.writeFileSync(ogFile, await ogPage.screenshot({ type: "png" }));
    console.log(`${ogFile} (${(fs.statSync(ogFile).size / 1024).toFixed(0)} KB)`);
    await ogContext.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
