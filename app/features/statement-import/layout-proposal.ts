/** The proposal's JSON: the headers the mapping reads (what a preset recognises a file by) and the mapping itself. */
export function layoutProposal(mapping: string, fileName: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(mapping);
  } catch {
    return null;
  }
  const headers = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) {
        if (key === "header" && typeof inner === "string" && inner.trim()) headers.add(inner);
        else collect(inner);
      }
  };
  collect(parsed);
  return JSON.stringify(
    {
      kind: "samen-bank-preset-proposal",
      version: 1,
      bank: "",
      country: "",
      fileName,
      recognise: [...headers],
      mapping: parsed,
    },
    null,
    2,
  );
}
