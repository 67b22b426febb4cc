import type { DemoArticle } from "./types";

export const couplesArticle: DemoArticle = {
  authorName: "Anna de Vries",
  original: "en",
  daysAgo: 3,
  versions: {
    en: {
      title: "Budgeting as a couple: one plan, two people",
      excerpt:
        "Money talks do not have to end in arguments. A short weekly check-in, a fair way to split costs and a shared buffer turn a household budget into teamwork.",
      paragraphs: [
        "Most couples do not argue about money because they have too little of it, but because they never agreed on what it is for. Before you open a spreadsheet, sit down together and name three things you want your money to do this year: perhaps a buffer for surprises, a holiday, and paying off a credit card.",
        "Then decide how to share costs. Splitting everything fifty-fifty feels fair when you earn about the same. When incomes differ, many couples prefer to share in proportion to income: if one of you earns 60 percent of the household income, that person pays 60 percent of the rent, groceries and bills.",
        "A practical set-up is \"yours, mine and ours\": each partner keeps a personal account for their own spending, and both pay an agreed amount into a joint account every month for shared costs. Nobody has to explain a new pair of trainers, and the shared bills are always covered.",
        "Plan a short money check-in once a week, for example on Sunday evening with a cup of tea. Look at what came in and what went out, check the progress of your goals, and agree on one thing to adjust. Fifteen minutes is enough; the habit matters more than the detail.",
        "Build a shared buffer first. Aim for one month of fixed costs, then three. A buffer turns a broken washing machine from a crisis into an inconvenience, and that takes a lot of tension out of a relationship.",
        "Finally, be kind to each other. You grew up with different habits around money, and neither of you is wrong. The goal is not a perfect budget, but a plan you both believe in.",
      ],
    },
    nl: {
      title: "Budgetteren als stel: één plan, twee mensen",
      excerpt:
        "Gesprekken over geld hoeven niet op ruzie uit te lopen. Een korte wekelijkse check-in, een eerlijke verdeling van de kosten en een gezamenlijke buffer maken van het huishoudbudget echt teamwerk.",
      paragraphs: [
        "De meeste stellen maken geen ruzie over geld omdat ze er te weinig van hebben, maar omdat ze nooit hebben afgesproken waar het voor is. Ga samen zitten voordat je een spreadsheet opent en noem drie dingen die jullie geld dit jaar moet doen: bijvoorbeeld een buffer voor onverwachte uitgaven, een vakantie en het aflossen van een creditcard.",
        "Spreek daarna af hoe jullie de kosten delen. Alles fiftyfifty voelt eerlijk als jullie ongeveer hetzelfde verdienen. Verschillen de inkomens, dan kiezen veel stellen voor delen naar verhouding: verdient de een 60 procent van het huishoudinkomen, dan betaalt die ook 60 procent van de huur, de boodschappen en de vaste lasten.",
        "Een praktische opzet is 'jouw, mijn en ons geld': ieder houdt een eigen rekening voor persoonlijke uitgaven, en allebei storten jullie elke maand een afgesproken bedrag op een gezamenlijke rekening voor de gedeelde kosten. Niemand hoeft nieuwe sneakers uit te leggen, en de gezamenlijke rekeningen zijn altijd betaald.",
        "Plan eens per week een korte geldcheck, bijvoorbeeld op zondagavond bij een kop thee. Kijk wat er binnenkwam en wat er uitging, bekijk hoe jullie doelen ervoor staan en spreek één ding af om bij te sturen. Een kwartier is genoeg; de gewoonte is belangrijker dan de details.",
        "Bouw eerst een gezamenlijke buffer op. Mik op één maand vaste lasten, daarna op drie. Met een buffer is een kapotte wasmachine geen crisis meer maar alleen een vervelend klusje, en dat haalt veel spanning uit de relatie.",
        "En tot slot: wees mild voor elkaar. Jullie zijn opgegroeid met verschillende gewoonten rond geld, en geen van beiden heeft ongelijk. Het doel is geen perfect budget, maar een plan waar jullie allebei in geloven.",
      ],
    },
    de: {
      title: "Budget als Paar: ein Plan, zwei Menschen",
      excerpt:
        "Gespräche über Geld müssen nicht im Streit enden. Ein kurzer wöchentlicher Check-in, eine faire Kostenaufteilung und ein gemeinsamer Puffer machen das Haushaltsbudget zur Teamarbeit.",
      paragraphs: [
        "Die meisten Paare streiten nicht über Geld, weil sie zu wenig davon haben, sondern weil sie nie vereinbart haben, wofür es da ist. Bevor ihr eine Tabelle öffnet, setzt euch zusammen und nennt drei Dinge, die euer Geld in diesem Jahr leisten soll: zum Beispiel einen Puffer für Überraschungen, einen Urlaub und die Tilgung einer Kreditkarte.",
        "Legt dann fest, wie ihr die Kosten teilt. Alles halbe-halbe fühlt sich fair an, wenn ihr ungefähr gleich viel verdient. Sind die Einkommen unterschiedlich, teilen viele Paare lieber im Verhältnis zum Einkommen: Verdient einer von euch 60 Prozent des Haushaltseinkommens, zahlt er oder sie auch 60 Prozent von Miete, Lebensmitteln und Rechnungen.",
        "Bewährt hat sich das Modell „meins, deins, unseres“: Jeder behält ein eigenes Konto für persönliche Ausgaben, und beide zahlen jeden Monat einen vereinbarten Betrag auf ein Gemeinschaftskonto für die gemeinsamen Kosten ein. Niemand muss neue Turnschuhe rechtfertigen, und die gemeinsamen Rechnungen sind immer gedeckt.",
        "Plant einmal pro Woche einen kurzen Geld-Check ein, etwa am Sonntagabend bei einer Tasse Tee. Schaut, was reinkam und was rausging, prüft den Fortschritt eurer Ziele und einigt euch auf eine Sache, die ihr anpassen wollt. Eine Viertelstunde reicht; die Gewohnheit zählt mehr als das Detail.",
        "Baut zuerst einen gemeinsamen Puffer auf. Peilt einen Monat Fixkosten an, dann drei. Mit einem Puffer wird eine kaputte Waschmaschine von einer Krise zu einem bloßen Ärgernis, und das nimmt viel Spannung aus der Beziehung.",
        "Und zum Schluss: Seid nachsichtig miteinander. Ihr seid mit unterschiedlichen Gewohnheiten rund ums Geld aufgewachsen, und keiner von euch liegt falsch. Das Ziel ist kein perfektes Budget, sondern ein Plan, an den ihr beide glaubt.",
      ],
    },
    fr: {
      title: "Gérer son budget en couple : un plan, deux personnes",
      excerpt:
        "Parler d'argent ne doit pas forcément finir en dispute. Un petit point chaque semaine, un partage équitable des dépenses et une réserve commune font du budget du foyer un vrai travail d'équipe.",
      paragraphs: [
        "La plupart des couples ne se disputent pas parce qu'ils manquent d'argent, mais parce qu'ils ne se sont jamais mis d'accord sur ce à quoi il doit servir. Avant d'ouvrir un tableur, asseyez-vous ensemble et citez trois choses que votre argent doit accomplir cette année : par exemple une réserve pour les imprévus, des vacances et le remboursement d'une carte de crédit.",
        "Décidez ensuite comment partager les dépenses. Tout diviser par deux paraît juste quand vous gagnez à peu près autant. Quand les revenus diffèrent, beaucoup de couples préfèrent partager au prorata : si l'un de vous apporte 60 % des revenus du foyer, il ou elle paie 60 % du loyer, des courses et des factures.",
        "Une organisation pratique consiste à distinguer « le tien, le mien et le nôtre » : chacun garde un compte personnel pour ses propres dépenses, et tous deux versent chaque mois un montant convenu sur un compte joint pour les frais communs. Personne n'a à justifier une nouvelle paire de baskets, et les factures communes sont toujours couvertes.",
        "Prévoyez un court point budget une fois par semaine, par exemple le dimanche soir autour d'une tasse de thé. Regardez ce qui est entré et ce qui est sorti, vérifiez où en sont vos objectifs et mettez-vous d'accord sur un seul ajustement. Un quart d'heure suffit : l'habitude compte plus que le détail.",
        "Constituez d'abord une réserve commune. Visez un mois de dépenses fixes, puis trois. Grâce à elle, une machine à laver en panne n'est plus une crise mais un simple contretemps, et cela enlève beaucoup de tension au couple.",
        "Enfin, soyez bienveillants l'un envers l'autre. Vous avez grandi avec des habitudes différentes face à l'argent, et aucun de vous n'a tort. Le but n'est pas un budget parfait, mais un plan auquel vous croyez tous les deux.",
      ],
    },
    es: {
      title: "Presupuesto en pareja: un plan, dos personas",
      excerpt:
        "Hablar de dinero no tiene por qué acabar en discusión. Una breve revisión semanal, un reparto justo de los gastos y un colchón común convierten el presupuesto del hogar en un trabajo en equipo.",
      paragraphs: [
        "La mayoría de las parejas no discuten por dinero porque les falte, sino porque nunca acordaron para qué sirve. Antes de abrir una hoja de cálculo, sentaos juntos y nombrad tres cosas que queréis que vuestro dinero consiga este año: por ejemplo, un colchón para imprevistos, unas vacaciones y terminar de pagar una tarjeta de crédito.",
        "Después, decidid cómo repartir los gastos. Dividirlo todo a medias parece justo cuando ganáis más o menos lo mismo. Si los ingresos son distintos, muchas parejas prefieren repartir en proporción: si uno de vosotros aporta el 60 % de los ingresos del hogar, paga también el 60 % del alquiler, la compra y las facturas.",
        "Una fórmula práctica es «lo tuyo, lo mío y lo nuestro»: cada uno mantiene una cuenta personal para sus propios gastos, y ambos ingresan cada mes una cantidad acordada en una cuenta conjunta para los gastos comunes. Nadie tiene que justificar unas zapatillas nuevas y las facturas compartidas siempre están cubiertas.",
        "Reservad una breve revisión del dinero una vez por semana, por ejemplo el domingo por la tarde con una taza de té. Mirad qué ha entrado y qué ha salido, comprobad cómo van vuestros objetivos y acordad un único ajuste. Con un cuarto de hora basta: el hábito importa más que el detalle.",
        "Construid primero un colchón común. Apuntad a un mes de gastos fijos y después a tres. Con un colchón, una lavadora estropeada deja de ser una crisis para convertirse en una simple molestia, y eso quita mucha tensión a la relación.",
        "Por último, sed amables el uno con el otro. Crecisteis con costumbres distintas en torno al dinero y ninguno de los dos está equivocado. El objetivo no es un presupuesto perfecto, sino un plan en el que creáis los dos.",
      ],
    },
    pl: {
      title: "Budżet we dwoje: jeden plan, dwie osoby",
      excerpt:
        "Rozmowy o pieniądzach nie muszą kończyć się kłótnią. Krótkie cotygodniowe podsumowanie, uczciwy podział kosztów i wspólna poduszka finansowa sprawiają, że domowy budżet staje się pracą zespołową.",
      paragraphs: [
        "Większość par nie kłóci się o pieniądze dlatego, że ich brakuje, ale dlatego, że nigdy nie ustaliła, na co mają być przeznaczone. Zanim otworzycie arkusz kalkulacyjny, usiądźcie razem i wymieńcie trzy rzeczy, które wasze pieniądze mają w tym roku załatwić: na przykład poduszkę na niespodziewane wydatki, urlop i spłatę karty kredytowej.",
        "Następnie zdecydujcie, jak dzielić koszty. Podział po połowie wydaje się sprawiedliwy, gdy zarabiacie mniej więcej tyle samo. Gdy dochody się różnią, wiele par woli dzielić proporcjonalnie: jeśli jedno z was przynosi 60 procent dochodu gospodarstwa domowego, płaci też 60 procent czynszu, zakupów i rachunków.",
        "Praktycznym rozwiązaniem jest model „twoje, moje i nasze”: każde z was ma własne konto na osobiste wydatki, a oboje co miesiąc wpłacacie ustaloną kwotę na wspólne konto na wspólne koszty. Nikt nie musi tłumaczyć się z nowych butów, a wspólne rachunki są zawsze opłacone.",
        "Raz w tygodniu zaplanujcie krótką rozmowę o finansach, na przykład w niedzielny wieczór przy herbacie. Sprawdźcie, co wpłynęło, a co wypłynęło, zobaczcie postępy w realizacji celów i uzgodnijcie jedną rzecz do poprawy. Wystarczy kwadrans; nawyk jest ważniejszy niż szczegóły.",
        "Najpierw zbudujcie wspólną poduszkę finansową. Celujcie w równowartość jednego miesiąca stałych kosztów, potem trzech. Dzięki niej zepsuta pralka przestaje być kryzysem, a staje się zwykłą niedogodnością, co zdejmuje ze związku sporo napięcia.",
        "I wreszcie: bądźcie dla siebie wyrozumiali. Dorastaliście z różnymi nawykami dotyczącymi pieniędzy i żadne z was nie jest w błędzie. Celem nie jest idealny budżet, ale plan, w który oboje wierzycie.",
      ],
    },
    tr: {
      machineTranslated: true,
      title: "Çift olarak bütçe yapmak: tek plan, iki kişi",
      excerpt:
        "Para konuşmaları tartışmayla bitmek zorunda değil. Kısa bir haftalık değerlendirme, masrafların adil paylaşımı ve ortak bir birikim, ev bütçesini gerçek bir ekip çalışmasına dönüştürür.",
      paragraphs: [
        "Çiftlerin çoğu paraları yetmediği için değil, paranın ne için olduğu konusunda hiç anlaşmadıkları için tartışır. Bir tablo açmadan önce birlikte oturun ve paranızın bu yıl yapmasını istediğiniz üç şeyi belirleyin: örneğin beklenmedik durumlar için bir birikim, bir tatil ve bir kredi kartı borcunun kapatılması.",
        "Ardından masrafları nasıl paylaşacağınıza karar verin. Yaklaşık aynı miktarda kazanıyorsanız her şeyi yarı yarıya bölmek adil gelir. Gelirler farklıysa birçok çift gelirle orantılı paylaşmayı tercih eder: Biriniz hane gelirinin yüzde 60'ını kazanıyorsa kiranın, market alışverişinin ve faturaların da yüzde 60'ını o öder.",
        "Pratik bir düzen \"senin, benim ve bizim\" modelidir: Herkes kişisel harcamaları için kendi hesabını tutar ve ikiniz de her ay ortak masraflar için ortak bir hesaba kararlaştırılan bir tutar yatırırsınız. Kimse yeni bir spor ayakkabıyı açıklamak zorunda kalmaz ve ortak faturalar her zaman ödenmiş olur.",
        "Haftada bir kez kısa bir para değerlendirmesi planlayın; örneğin pazar akşamı bir fincan çay eşliğinde. Neyin girip neyin çıktığına bakın, hedeflerinizdeki ilerlemeyi kontrol edin ve değiştirmek istediğiniz tek bir konuda anlaşın. On beş dakika yeterlidir; alışkanlık ayrıntıdan daha önemlidir.",
        "Önce ortak bir birikim oluşturun. Bir aylık sabit giderleri hedefleyin, sonra üç aylık. Birikim sayesinde bozulan bir çamaşır makinesi bir kriz olmaktan çıkar, sadece küçük bir aksilik olur ve bu, ilişkideki gerginliği epey azaltır.",
        "Son olarak, birbirinize karşı anlayışlı olun. Para konusunda farklı alışkanlıklarla büyüdünüz ve hiçbiriniz haksız değilsiniz. Amaç kusursuz bir bütçe değil, ikinizin de inandığı bir plandır.",
      ],
    },
    ua: {
      machineTranslated: true,
      title: "Бюджет для пари: один план, двоє людей",
      excerpt:
        "Розмови про гроші не мусять закінчуватися сваркою. Коротка щотижнева перевірка, справедливий розподіл витрат і спільна фінансова подушка перетворюють сімейний бюджет на командну роботу.",
      paragraphs: [
        "Більшість пар сваряться через гроші не тому, що їх бракує, а тому, що ніколи не домовилися, для чого ці гроші. Перш ніж відкривати таблицю, сядьте разом і назвіть три речі, яких ваші гроші мають досягти цього року: наприклад, резерв на непередбачені витрати, відпустку та погашення кредитної картки.",
        "Потім вирішіть, як ділити витрати. Ділити все навпіл здається справедливим, коли ви заробляєте приблизно однаково. Якщо доходи різні, багато пар воліють ділити пропорційно: якщо один із вас заробляє 60 відсотків доходу домогосподарства, він або вона сплачує й 60 відсотків оренди, продуктів і рахунків.",
        "Практичний варіант — модель «твоє, моє і наше»: кожен має власний рахунок для особистих витрат, а обоє щомісяця вносять погоджену суму на спільний рахунок для спільних витрат. Нікому не доводиться пояснювати нові кросівки, а спільні рахунки завжди оплачені.",
        "Раз на тиждень заплануйте коротку фінансову перевірку, наприклад у неділю ввечері за чашкою чаю. Подивіться, що надійшло і що витратили, перевірте, як просуваються ваші цілі, і домовтеся про одну зміну. П'ятнадцяти хвилин достатньо: звичка важливіша за подробиці.",
        "Спершу створіть спільну фінансову подушку. Орієнтуйтеся на суму постійних витрат за місяць, потім — за три. З такою подушкою зламана пральна машина — вже не криза, а лише неприємність, і це знімає багато напруги у стосунках.",
        "І нарешті, будьте доброзичливими одне до одного. Ви виросли з різними звичками щодо грошей, і ніхто з вас не помиляється. Мета — не ідеальний бюджет, а план, у який ви обоє вірите.",
      ],
    },
  },
};
