import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxPayeeText, normalisePayee } from "./payee-name";

describe("normalisePayee", () => {
  it.each([
    // Branches, cities and stations of one chain are one payee.
    ["ALBERT HEIJN 1403 AMSTERDAM", "albert heijn", "Albert Heijn"],
    ["AH to go 5812 Utrecht CS", "albert heijn", "Albert Heijn"],
    // Legal forms.
    ["Vattenfall Klantenservice N.V.", "vattenfall", "Vattenfall"],
    ["Bakkerij Jansen B.V.", "bakkerij jansen", "Bakkerij Jansen"],
    ["Kowalski Sp. z o.o.", "kowalski", "Kowalski"],
    ["Yılmaz Gıda San. ve Tic. A.Ş.", "yilmaz gida", "Yılmaz Gıda"],
    // Folding takes accents off Cyrillic too ("й" → "и"), the same way for every name it compares.
    ["ТОВ Кавовий Двір", "кавовии двір", "Кавовий Двір"],
    ["Stichting Eigen Haard", "eigen haard", "Eigen Haard"],
    // Processor prefixes, and references after a shop's "*".
    ["PAYPAL *SPOTIFY 35314369001", "spotify", "Spotify"],
    ["SumUp *Bakkerij de Vries", "bakkerij de vries", "Bakkerij de Vries"],
    ["Zettle_*Kaashandel Ten Kate", "kaashandel ten kate", "Kaashandel Ten Kate"],
    ["CCV*Cafe Het Paleis", "cafe het paleis", "Cafe Het Paleis"],
    ["GLOVO*ORDER 8372651", "glovo", "Glovo"],
    // A branch number glued on with a hyphen (UBS, PostFinance).
    ["Coop-1234 Zürich", "coop", "Coop"],
    // Card boilerplate: masked numbers, terminals, dates.
    ["Eetcafe De Ooievaar 5354XXXXXXXX1234 TERM 77", "eetcafe de ooievaar", "Eetcafe De Ooievaar"],
    // A trailing place goes after a longer name, not after one word or "van".
    ["Bakkerij de Vries Haarlem", "bakkerij de vries", "Bakkerij de Vries"],
    ["Pizzeria Roma", "pizzeria roma", "Pizzeria Roma"],
    ["Jan van Kampen", "jan van kampen", "Jan van Kampen"],
    // Capitals are softened; a name written in mixed case keeps it.
    ["BAKKERIJ DE VRIES", "bakkerij de vries", "Bakkerij De Vries"],
    ["bol.com", "bolcom", "bol.com"],
  ])("%s → %s (%s)", (raw, key, name) => {
    expect(normalisePayee(raw)).toMatchObject({ key, name });
  });

  it("names nothing when nothing readable is left", () => {
    expect(normalisePayee("")).toBeNull();
    expect(normalisePayee("  ***  ")).toBeNull();
  });

  it("takes any text a bank could send, and stays bounded", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), (text) => {
        const payee = normalisePayee(text);
        if (payee) {
          expect(payee.key.length).toBeLessThanOrEqual(maxPayeeText);
          expect(payee.key).toBe(payee.key.trim());
        }
      }),
      { numRuns: 300 },
    );
  });
});
