import type { DemoArticle } from "./types";

export const expatsArticle: DemoArticle = {
  authorName: "Lucía Fernández",
  original: "en",
  daysAgo: 18,
  versions: {
    en: {
      title: "Settling in abroad: a first-year budget for expats",
      excerpt:
        "The first year in a new country is often the most expensive. A landing fund, a clear view of new costs and three months of careful tracking help you arrive without money worries.",
      paragraphs: [
        "Moving to a new country is exciting, but the first year is often the most expensive. Deposits, furniture, registration fees and the cost of simply not knowing yet where the cheap supermarket is can drain your savings quickly.",
        "Before you move, build a landing fund: at least two months of expected living costs plus the rental deposit, which is often one to three months' rent. If your first salary arrives at the end of your first full month, you may need to live on savings for six weeks or more.",
        "Find out early which costs are new to you. Health insurance is compulsory in many European countries, municipal taxes or a broadcasting fee may apply, and a residence permit or the translation of documents can cost hundreds of euros.",
        "If you earn in one currency and pay in another, or still send money home, watch the exchange costs. Traditional bank transfers often hide a margin in the exchange rate; compare the total amount that arrives, not just the fee.",
        "Track your spending closely for the first three months. Prices, habits and portion sizes differ from what you are used to, so your old budget will not fit. After three months you will know your real costs and can set realistic limits.",
        "Finally, keep a small budget for belonging: a language course, a sports club, a dinner with colleagues. Settling in is an investment, and feeling at home makes every other part of the move easier.",
      ],
    },
    nl: {
      title: "Wennen in het buitenland: een budget voor je eerste jaar als expat",
      excerpt:
        "Het eerste jaar in een nieuw land is vaak het duurste. Een startfonds, zicht op nieuwe kosten en drie maanden goed bijhouden helpen je zonder geldzorgen te landen.",
      paragraphs: [
        "Verhuizen naar een nieuw land is spannend, maar het eerste jaar is vaak het duurste. Borg, meubels, inschrijvingskosten en de prijs van simpelweg nog niet weten waar de goedkope supermarkt is, kunnen je spaargeld snel opmaken.",
        "Bouw vóór je verhuizing een startfonds op: minstens twee maanden aan verwachte kosten van levensonderhoud plus de huurborg, die vaak één tot drie maanden huur bedraagt. Komt je eerste salaris pas aan het eind van je eerste volle maand, dan moet je misschien zes weken of langer van je spaargeld leven.",
        "Zoek op tijd uit welke kosten nieuw voor je zijn. In veel Europese landen is een zorgverzekering verplicht, er kunnen gemeentelijke belastingen of een omroepbijdrage gelden, en een verblijfsvergunning of de vertaling van documenten kan honderden euro's kosten.",
        "Verdien je in de ene munt en betaal je in een andere, of stuur je nog geld naar huis, let dan op de wisselkosten. Gewone bankoverschrijvingen verstoppen vaak een marge in de wisselkoers; vergelijk het totale bedrag dat aankomt, niet alleen de transactiekosten.",
        "Houd je uitgaven de eerste drie maanden nauwkeurig bij. Prijzen, gewoonten en porties verschillen van wat je gewend bent, dus je oude budget past niet meer. Na drie maanden ken je je echte kosten en kun je realistische grenzen stellen.",
        "Houd tot slot een klein budget aan om je thuis te voelen: een taalcursus, een sportclub, een etentje met collega's. Je thuis gaan voelen is een investering, en het maakt elk ander onderdeel van de verhuizing makkelijker.",
      ],
    },
    de: {
      machineTranslated: true,
      title: "Ankommen im Ausland: ein Budget für das erste Jahr als Expat",
      excerpt:
        "Das erste Jahr in einem neuen Land ist oft das teuerste. Ein Startpolster, ein klarer Blick auf neue Kosten und drei Monate genaues Mitschreiben helfen, ohne Geldsorgen anzukommen.",
      paragraphs: [
        "Ein Umzug in ein neues Land ist aufregend, aber das erste Jahr ist oft das teuerste. Kaution, Möbel, Anmeldegebühren und die Kosten dafür, einfach noch nicht zu wissen, wo der günstige Supermarkt ist, können die Ersparnisse schnell aufbrauchen.",
        "Baue vor dem Umzug ein Startpolster auf: mindestens zwei Monate der erwarteten Lebenshaltungskosten plus die Mietkaution, die oft ein bis drei Monatsmieten beträgt. Kommt dein erstes Gehalt erst am Ende deines ersten vollen Monats, musst du vielleicht sechs Wochen oder länger von Ersparnissen leben.",
        "Finde früh heraus, welche Kosten für dich neu sind. In vielen europäischen Ländern ist eine Krankenversicherung Pflicht, es können kommunale Steuern oder Rundfunkbeiträge anfallen, und eine Aufenthaltserlaubnis oder die Übersetzung von Dokumenten kann Hunderte Euro kosten.",
        "Wenn du in einer Währung verdienst und in einer anderen bezahlst oder noch Geld nach Hause schickst, achte auf die Wechselkosten. Klassische Banküberweisungen verstecken oft eine Marge im Wechselkurs; vergleiche den Gesamtbetrag, der ankommt, nicht nur die Gebühr.",
        "Erfasse deine Ausgaben in den ersten drei Monaten genau. Preise, Gewohnheiten und Portionen unterscheiden sich von dem, was du kennst, deshalb passt dein altes Budget nicht mehr. Nach drei Monaten kennst du deine echten Kosten und kannst realistische Grenzen setzen.",
        "Plane schließlich ein kleines Budget fürs Ankommen ein: einen Sprachkurs, einen Sportverein, ein Abendessen mit Kollegen. Sich einzuleben ist eine Investition, und wer sich zu Hause fühlt, dem fällt jeder andere Teil des Umzugs leichter.",
      ],
    },
    fr: {
      title: "S'installer à l'étranger : un budget pour la première année d'expatriation",
      excerpt:
        "La première année dans un nouveau pays est souvent la plus chère. Un fonds d'arrivée, une vision claire des nouvelles dépenses et trois mois de suivi attentif vous aident à arriver sans soucis d'argent.",
      paragraphs: [
        "Partir vivre dans un nouveau pays est passionnant, mais la première année est souvent la plus coûteuse. Caution, meubles, frais d'enregistrement et le prix de ne pas encore savoir où se trouve le supermarché bon marché peuvent vite épuiser vos économies.",
        "Avant de partir, constituez un fonds d'arrivée : au moins deux mois de dépenses courantes prévues, plus le dépôt de garantie du logement, qui représente souvent un à trois mois de loyer. Si votre premier salaire n'arrive qu'à la fin de votre premier mois complet, vous devrez peut-être vivre six semaines ou plus sur vos économies.",
        "Renseignez-vous tôt sur les dépenses qui seront nouvelles pour vous. Dans de nombreux pays européens, l'assurance maladie est obligatoire, des taxes locales ou une redevance audiovisuelle peuvent s'appliquer, et un titre de séjour ou la traduction de documents peut coûter plusieurs centaines d'euros.",
        "Si vous êtes payé dans une devise et dépensez dans une autre, ou si vous envoyez encore de l'argent à votre famille, surveillez les frais de change. Les virements bancaires classiques cachent souvent une marge dans le taux de change : comparez le montant total qui arrive, pas seulement les frais.",
        "Suivez vos dépenses de près pendant les trois premiers mois. Les prix, les habitudes et les portions diffèrent de ce que vous connaissez, et votre ancien budget ne conviendra plus. Au bout de trois mois, vous connaîtrez vos vrais coûts et pourrez fixer des limites réalistes.",
        "Enfin, gardez un petit budget pour vous sentir chez vous : un cours de langue, un club de sport, un dîner avec des collègues. S'intégrer est un investissement, et se sentir chez soi rend toutes les autres étapes du déménagement plus faciles.",
      ],
    },
    es: {
      title: "Instalarse en el extranjero: un presupuesto para el primer año como expatriado",
      excerpt:
        "El primer año en un país nuevo suele ser el más caro. Un fondo de llegada, una idea clara de los nuevos gastos y tres meses de seguimiento atento te ayudan a llegar sin preocupaciones de dinero.",
      paragraphs: [
        "Mudarse a un país nuevo es emocionante, pero el primer año suele ser el más caro. La fianza, los muebles, las tasas de empadronamiento y el precio de no saber todavía dónde está el supermercado barato pueden agotar tus ahorros rápidamente.",
        "Antes de mudarte, reúne un fondo de llegada: al menos dos meses de gastos de vida previstos más la fianza del alquiler, que suele equivaler a entre uno y tres meses de renta. Si tu primer sueldo no llega hasta el final de tu primer mes completo, quizá tengas que vivir de tus ahorros durante seis semanas o más.",
        "Infórmate pronto de qué gastos son nuevos para ti. En muchos países europeos el seguro médico es obligatorio, puede haber impuestos municipales o una tasa de radiotelevisión, y un permiso de residencia o la traducción de documentos pueden costar cientos de euros.",
        "Si cobras en una moneda y pagas en otra, o sigues enviando dinero a casa, vigila los costes del cambio de divisa. Las transferencias bancarias tradicionales suelen esconder un margen en el tipo de cambio; compara la cantidad total que llega, no solo la comisión.",
        "Controla tus gastos de cerca durante los tres primeros meses. Los precios, las costumbres y las raciones son distintos de lo que conoces, así que tu antiguo presupuesto no encajará. Pasados tres meses conocerás tus costes reales y podrás fijar límites realistas.",
        "Por último, guarda un pequeño presupuesto para sentirte parte del lugar: un curso de idiomas, un club deportivo, una cena con compañeros de trabajo. Adaptarse es una inversión, y sentirse en casa hace que todo lo demás de la mudanza resulte más fácil.",
      ],
    },
    pl: {
      machineTranslated: true,
      title: "Nowe życie za granicą: budżet na pierwszy rok dla ekspatów",
      excerpt:
        "Pierwszy rok w nowym kraju jest często najdroższy. Fundusz na start, jasny obraz nowych kosztów i trzy miesiące uważnego śledzenia wydatków pomagają zacząć bez zmartwień o pieniądze.",
      paragraphs: [
        "Przeprowadzka do nowego kraju jest ekscytująca, ale pierwszy rok bywa najdroższy. Kaucja, meble, opłaty meldunkowe i koszt tego, że jeszcze nie wiesz, gdzie jest tani supermarket, mogą szybko uszczuplić oszczędności.",
        "Przed przeprowadzką zbuduj fundusz na start: co najmniej dwa miesiące przewidywanych kosztów utrzymania plus kaucję za mieszkanie, która często wynosi od jednego do trzech miesięcznych czynszów. Jeśli pierwsza pensja wpłynie dopiero pod koniec pierwszego pełnego miesiąca, być może przez sześć tygodni lub dłużej będziesz żyć z oszczędności.",
        "Wcześnie sprawdź, które koszty będą dla ciebie nowe. W wielu krajach europejskich ubezpieczenie zdrowotne jest obowiązkowe, mogą obowiązywać podatki lokalne lub abonament radiowo-telewizyjny, a zezwolenie na pobyt czy tłumaczenie dokumentów może kosztować setki euro.",
        "Jeśli zarabiasz w jednej walucie, a płacisz w innej, albo wciąż wysyłasz pieniądze do domu, pilnuj kosztów wymiany. Tradycyjne przelewy bankowe często ukrywają marżę w kursie wymiany; porównuj całą kwotę, która dociera, a nie tylko opłatę.",
        "Przez pierwsze trzy miesiące dokładnie zapisuj wydatki. Ceny, zwyczaje i wielkość porcji różnią się od tego, do czego przywykłeś, więc stary budżet nie będzie pasował. Po trzech miesiącach poznasz swoje prawdziwe koszty i ustalisz realistyczne limity.",
        "Na koniec zostaw mały budżet na zadomowienie się: kurs językowy, klub sportowy, kolację ze współpracownikami. Aklimatyzacja to inwestycja, a poczucie, że jest się u siebie, ułatwia każdy inny etap przeprowadzki.",
      ],
    },
    tr: {
      title: "Yurt dışında yeni bir hayat: ilk yıl için bütçe rehberi",
      excerpt:
        "Yeni bir ülkedeki ilk yıl çoğu zaman en pahalı yıldır. Bir başlangıç fonu, yeni giderleri net görmek ve üç ay boyunca harcamaları dikkatle takip etmek, para derdi olmadan yerleşmenize yardımcı olur.",
      paragraphs: [
        "Yeni bir ülkeye taşınmak heyecan vericidir, ancak ilk yıl genellikle en pahalı yıldır. Depozito, mobilya, kayıt ücretleri ve ucuz marketin nerede olduğunu henüz bilmemenin bedeli birikimlerinizi hızla eritebilir.",
        "Taşınmadan önce bir başlangıç fonu oluşturun: en az iki aylık tahmini yaşam giderine ek olarak, çoğu zaman bir ila üç aylık kiraya denk gelen kira depozitosu. İlk maaşınız ancak ilk tam ayınızın sonunda yatıyorsa, altı hafta ya da daha uzun süre birikimlerinizle yaşamanız gerekebilir.",
        "Hangi giderlerin sizin için yeni olduğunu erkenden öğrenin. Birçok Avrupa ülkesinde sağlık sigortası zorunludur, belediye vergileri ya da yayın ücretleri söz konusu olabilir ve oturma izni ya da belge tercümeleri yüzlerce euroya mal olabilir.",
        "Bir para biriminde kazanıp başka birinde harcıyorsanız ya da hâlâ memlekete para gönderiyorsanız döviz masraflarına dikkat edin. Klasik banka havaleleri genellikle kura bir marj gizler; yalnızca ücreti değil, karşı tarafa ulaşan toplam tutarı karşılaştırın.",
        "İlk üç ay harcamalarınızı yakından takip edin. Fiyatlar, alışkanlıklar ve porsiyonlar alıştığınızdan farklıdır, bu yüzden eski bütçeniz artık uymaz. Üç ayın sonunda gerçek giderlerinizi bilir ve gerçekçi sınırlar koyabilirsiniz.",
        "Son olarak, yeni yerinize ait hissetmek için küçük bir bütçe ayırın: bir dil kursu, bir spor kulübü, iş arkadaşlarıyla bir akşam yemeği. Uyum sağlamak bir yatırımdır ve kendinizi evinizde hissetmek taşınmanın diğer her aşamasını kolaylaştırır.",
      ],
    },
    ua: {
      title: "Облаштування за кордоном: бюджет на перший рік для експатів",
      excerpt:
        "Перший рік у новій країні часто найдорожчий. Стартовий фонд, чітке розуміння нових витрат і три місяці уважного обліку допоможуть облаштуватися без фінансових тривог.",
      paragraphs: [
        "Переїзд до нової країни захопливий, але перший рік зазвичай найдорожчий. Застава, меблі, реєстраційні збори й ціна того, що ви ще не знаєте, де дешевий супермаркет, можуть швидко виснажити ваші заощадження.",
        "Перед переїздом зберіть стартовий фонд: щонайменше два місяці очікуваних витрат на життя плюс заставу за житло, яка часто дорівнює орендній платі за один–три місяці. Якщо перша зарплата надійде лише наприкінці першого повного місяця, можливо, доведеться жити на заощадження шість тижнів або довше.",
        "Заздалегідь з'ясуйте, які витрати для вас нові. У багатьох європейських країнах медичне страхування обов'язкове, можуть діяти місцеві податки чи збір за телерадіомовлення, а дозвіл на проживання або переклад документів можуть коштувати сотні євро.",
        "Якщо ви заробляєте в одній валюті, а платите в іншій, або досі надсилаєте гроші додому, стежте за витратами на обмін. Звичайні банківські перекази часто ховають маржу в обмінному курсі; порівнюйте загальну суму, що надходить, а не лише комісію.",
        "Перші три місяці ретельно ведіть облік витрат. Ціни, звички й розміри порцій відрізняються від звичних, тож ваш старий бюджет не підійде. Через три місяці ви знатимете свої реальні витрати й зможете встановити реалістичні ліміти.",
        "І нарешті, залиште невеликий бюджет на те, щоб відчути себе своїм: мовні курси, спортивний клуб, вечеря з колегами. Адаптація — це інвестиція, а відчуття дому полегшує кожен інший етап переїзду.",
      ],
    },
  },
};
