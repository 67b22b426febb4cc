import type { DemoArticle } from "./types";

export const familiesArticle: DemoArticle = {
  authorName: "Jonas Becker",
  original: "de",
  daysAgo: 10,
  versions: {
    de: {
      title: "Familienbudget: Platz für Kinder, Überraschungen und Spaß",
      excerpt:
        "Mit Kindern verändert sich das Budget stärker als gedacht. So plant ihr feste Kosten, unregelmäßige Ausgaben und kleine Freuden, ohne den Überblick zu verlieren.",
      paragraphs: [
        "Kinder verändern ein Budget auf eine Weise, die man leicht unterschätzt. Neben Windeln, Kleidung und Kinderbetreuung gibt es Klassenfahrten, Geburtstagsgeschenke für Mitschüler, Schwimmkurse und den plötzlichen Wachstumsschub, nach dem jedes Paar Schuhe zu klein ist.",
        "Beginnt mit einer Liste der festen monatlichen Kosten: Wohnen, Energie, Versicherungen, Kinderbetreuung, Handy und Internet, Mobilität. Rechnet das Kindergeld und andere Leistungen zusammen, die ihr bekommt, und setzt dieses Geld gezielt für die Kinder ein, statt es in den Alltagsausgaben verschwinden zu lassen.",
        "Plant dann die unregelmäßigen Kosten ein. Nehmt alles, was ein- oder zweimal im Jahr anfällt – Schulsachen im August, die Inspektion des Autos, den Urlaub, die Geschenke im Dezember –, zählt es zusammen und teilt es durch zwölf. Wer diesen Betrag jeden Monat zurücklegt, hat die großen Rechnungen schon bezahlt, wenn sie kommen.",
        "Gebt auch den Kindern eine Rolle. Ein kleines wöchentliches Taschengeld lehrt mehr über Geld als jeder Vortrag: Wenn die Süßigkeiten weg sind, sind sie weg. Ältere Kinder können beim Preisvergleich für den Urlaub helfen oder den Wocheneinkauf mitplanen.",
        "Reserviert im Budget eine Zeile für Spaß. Eine Familie, die nie ein Eis essen geht, gibt ihr Budget früher oder später auf. Ein bescheidener, eingeplanter Betrag für kleine Freuden hält den Plan realistisch und alle an Bord.",
        "Überprüft das Budget alle paar Monate. Die Kita-Zeit endet, die Schule beginnt, Hobbys wechseln. Ein Budget, das mit eurer Familie wächst, ist eines, das ihr auch wirklich durchhaltet.",
      ],
    },
    en: {
      title: "Family budget: making room for children, surprises and fun",
      excerpt:
        "Children change a budget more than most parents expect. Here is how to plan fixed costs, irregular expenses and small treats without losing track.",
      paragraphs: [
        "Children change a budget in ways that are easy to underestimate. Besides nappies, clothes and childcare, there are school trips, birthday presents for classmates, swimming lessons and the sudden growth spurt after which every pair of shoes is too small.",
        "Start with a list of fixed monthly costs: housing, energy, insurance, childcare, phone and internet, transport. Add up the child benefit and any other allowances you receive, and spend that money deliberately on the children instead of letting it disappear into everyday costs.",
        "Then plan for irregular costs. Take everything that comes once or twice a year – school supplies in August, the car service, holidays, December presents – add it up and divide by twelve. If you set that amount aside every month, the big bills are already paid when they arrive.",
        "Give the children a role too. A small weekly allowance teaches more about money than any lecture: when the sweets are gone, they are gone. Older children can help compare prices for the holiday or plan the weekly shopping.",
        "Keep a line in the budget for fun. A family that never goes out for an ice cream will give up on its budget sooner or later. A modest, planned amount for small treats keeps the plan realistic and everyone on board.",
        "Review the budget every few months. Nursery ends, school starts, hobbies change. A budget that grows with your family is one you will actually stick to.",
      ],
    },
    nl: {
      title: "Gezinsbudget: ruimte voor kinderen, verrassingen en plezier",
      excerpt:
        "Met kinderen verandert je budget meer dan je denkt. Zo plan je vaste lasten, onregelmatige uitgaven en kleine pleziertjes zonder het overzicht te verliezen.",
      paragraphs: [
        "Kinderen veranderen een budget op manieren die je makkelijk onderschat. Naast luiers, kleding en kinderopvang zijn er schoolreisjes, verjaardagscadeaus voor klasgenoten, zwemles en de plotselinge groeispurt waarna elk paar schoenen te klein is.",
        "Begin met een lijst van vaste maandlasten: wonen, energie, verzekeringen, kinderopvang, telefoon en internet, vervoer. Tel de kinderbijslag en andere toeslagen die je ontvangt bij elkaar op en besteed dat geld bewust aan de kinderen, in plaats van het te laten verdwijnen in de dagelijkse uitgaven.",
        "Reken daarna met de onregelmatige kosten. Neem alles wat één of twee keer per jaar terugkomt – schoolspullen in augustus, de onderhoudsbeurt van de auto, de vakantie, de cadeaus in december –, tel het op en deel het door twaalf. Zet je dat bedrag elke maand opzij, dan zijn de grote rekeningen al betaald wanneer ze binnenkomen.",
        "Geef de kinderen ook een rol. Een klein wekelijks zakgeld leert meer over geld dan welke preek ook: als het snoep op is, is het op. Oudere kinderen kunnen helpen prijzen te vergelijken voor de vakantie of de weekboodschappen mee plannen.",
        "Houd in het budget een regel vrij voor plezier. Een gezin dat nooit een ijsje gaat eten, laat zijn budget vroeg of laat los. Een bescheiden, ingepland bedrag voor kleine uitjes houdt het plan realistisch en iedereen betrokken.",
        "Bekijk het budget om de paar maanden opnieuw. De opvang stopt, school begint, hobby's veranderen. Een budget dat meegroeit met je gezin, is een budget dat je ook echt volhoudt.",
      ],
    },
    fr: {
      machineTranslated: true,
      title: "Budget familial : faire de la place aux enfants, aux imprévus et au plaisir",
      excerpt:
        "Avec des enfants, le budget change plus qu'on ne le pense. Voici comment prévoir les dépenses fixes, les frais irréguliers et les petits plaisirs sans perdre le fil.",
      paragraphs: [
        "Les enfants transforment un budget d'une manière qu'on sous-estime facilement. En plus des couches, des vêtements et de la garde, il y a les sorties scolaires, les cadeaux d'anniversaire pour les camarades de classe, les cours de natation et la poussée de croissance soudaine après laquelle toutes les chaussures sont trop petites.",
        "Commencez par la liste des dépenses fixes mensuelles : logement, énergie, assurances, garde d'enfants, téléphone et internet, transport. Additionnez les allocations familiales et les autres aides que vous recevez, et consacrez cet argent aux enfants au lieu de le laisser disparaître dans les dépenses courantes.",
        "Prévoyez ensuite les frais irréguliers. Prenez tout ce qui revient une ou deux fois par an – les fournitures scolaires en août, la révision de la voiture, les vacances, les cadeaux de décembre –, faites le total et divisez-le par douze. En mettant ce montant de côté chaque mois, les grosses factures sont déjà payées quand elles arrivent.",
        "Donnez aussi un rôle aux enfants. Un petit argent de poche hebdomadaire en apprend plus sur l'argent que n'importe quel sermon : quand les bonbons sont finis, ils sont finis. Les plus grands peuvent aider à comparer les prix des vacances ou à préparer la liste des courses de la semaine.",
        "Gardez une ligne du budget pour le plaisir. Une famille qui ne sort jamais manger une glace finira tôt ou tard par abandonner son budget. Un montant modeste et prévu pour les petits plaisirs rend le plan réaliste et motive tout le monde.",
        "Revoyez le budget tous les trois ou quatre mois. La crèche se termine, l'école commence, les loisirs changent. Un budget qui grandit avec votre famille est un budget que vous tiendrez vraiment.",
      ],
    },
    es: {
      machineTranslated: true,
      title: "Presupuesto familiar: espacio para los hijos, los imprevistos y la diversión",
      excerpt:
        "Con hijos, el presupuesto cambia más de lo que parece. Así podéis planificar los gastos fijos, los gastos irregulares y los pequeños caprichos sin perder el control.",
      paragraphs: [
        "Los hijos cambian un presupuesto de formas que es fácil subestimar. Además de pañales, ropa y guardería, hay excursiones escolares, regalos de cumpleaños para los compañeros de clase, clases de natación y ese estirón repentino tras el cual todos los zapatos se quedan pequeños.",
        "Empezad con una lista de los gastos fijos mensuales: vivienda, energía, seguros, guardería, teléfono e internet, transporte. Sumad las ayudas por hijo y otras prestaciones que recibís, y destinad ese dinero a los niños en lugar de dejar que desaparezca en los gastos del día a día.",
        "Después, planificad los gastos irregulares. Tomad todo lo que llega una o dos veces al año —el material escolar en septiembre, la revisión del coche, las vacaciones, los regalos de diciembre—, sumadlo y dividid el total entre doce. Si apartáis esa cantidad cada mes, las facturas grandes ya estarán pagadas cuando lleguen.",
        "Dad también un papel a los niños. Una pequeña paga semanal enseña más sobre el dinero que cualquier sermón: cuando se acaban las golosinas, se acaban. Los mayores pueden ayudar a comparar precios para las vacaciones o a planificar la compra de la semana.",
        "Reservad una línea del presupuesto para la diversión. Una familia que nunca sale a tomar un helado acabará abandonando su presupuesto tarde o temprano. Una cantidad modesta y planificada para pequeños caprichos mantiene el plan realista y a todos implicados.",
        "Revisad el presupuesto cada pocos meses. La guardería termina, empieza el colegio, cambian las aficiones. Un presupuesto que crece con vuestra familia es un presupuesto que de verdad vais a mantener.",
      ],
    },
    pl: {
      title: "Budżet rodzinny: miejsce na dzieci, niespodzianki i przyjemności",
      excerpt:
        "Z dziećmi budżet zmienia się bardziej, niż się wydaje. Oto jak zaplanować stałe koszty, nieregularne wydatki i drobne przyjemności, nie tracąc kontroli.",
      paragraphs: [
        "Dzieci zmieniają budżet w sposób, który łatwo przeoczyć. Oprócz pieluch, ubrań i opieki nad dzieckiem są wycieczki szkolne, prezenty urodzinowe dla kolegów z klasy, lekcje pływania i nagły skok wzrostu, po którym każda para butów jest za mała.",
        "Zacznijcie od listy stałych miesięcznych kosztów: mieszkanie, energia, ubezpieczenia, opieka nad dziećmi, telefon i internet, transport. Zsumujcie świadczenia na dzieci i inne dodatki, które otrzymujecie, i przeznaczajcie te pieniądze świadomie na dzieci, zamiast pozwolić im rozpłynąć się w codziennych wydatkach.",
        "Potem zaplanujcie wydatki nieregularne. Weźcie wszystko, co pojawia się raz lub dwa razy w roku – wyprawkę szkolną w sierpniu, przegląd samochodu, wakacje, prezenty w grudniu – zsumujcie i podzielcie przez dwanaście. Jeśli co miesiąc odłożycie tę kwotę, duże rachunki będą już opłacone, gdy przyjdą.",
        "Dajcie też rolę dzieciom. Małe cotygodniowe kieszonkowe uczy o pieniądzach więcej niż niejedno kazanie: kiedy słodycze się skończą, to się skończą. Starsze dzieci mogą pomóc porównać ceny wakacji albo zaplanować cotygodniowe zakupy.",
        "Zostawcie w budżecie pozycję na przyjemności. Rodzina, która nigdy nie wychodzi na lody, prędzej czy później porzuci swój budżet. Skromna, zaplanowana kwota na drobne przyjemności sprawia, że plan jest realistyczny, a wszyscy chętnie go wspierają.",
        "Przeglądajcie budżet co kilka miesięcy. Kończy się żłobek, zaczyna szkoła, zmieniają się pasje. Budżet, który rośnie razem z waszą rodziną, to budżet, którego naprawdę będziecie się trzymać.",
      ],
    },
    tr: {
      title: "Aile bütçesi: çocuklara, sürprizlere ve eğlenceye yer açmak",
      excerpt:
        "Çocuklarla birlikte bütçe, sanıldığından çok daha fazla değişir. Sabit giderleri, düzensiz harcamaları ve küçük keyifleri kontrolü kaybetmeden nasıl planlayacağınızı anlatıyoruz.",
      paragraphs: [
        "Çocuklar bütçeyi, kolayca hafife alınabilecek şekillerde değiştirir. Bez, kıyafet ve çocuk bakımının yanı sıra okul gezileri, sınıf arkadaşlarına doğum günü hediyeleri, yüzme dersleri ve her ayakkabıyı küçük bırakan ani bir boy atma dönemi vardır.",
        "İşe sabit aylık giderlerin listesiyle başlayın: konut, enerji, sigortalar, çocuk bakımı, telefon ve internet, ulaşım. Aldığınız çocuk yardımını ve diğer destekleri toplayın ve bu parayı günlük harcamalar arasında kaybolmaya bırakmak yerine bilinçli olarak çocuklar için kullanın.",
        "Sonra düzensiz giderleri planlayın. Yılda bir ya da iki kez gelen her şeyi alın – ağustosta okul malzemeleri, arabanın bakımı, tatil, aralık ayındaki hediyeler –, toplayın ve on ikiye bölün. Bu tutarı her ay kenara koyarsanız büyük faturalar geldiğinde zaten ödenmiş olur.",
        "Çocuklara da bir rol verin. Küçük bir haftalık harçlık, para hakkında her nasihatten daha fazlasını öğretir: Şekerler bittiyse bitmiştir. Büyük çocuklar tatil için fiyat karşılaştırmasına ya da haftalık alışveriş listesinin hazırlanmasına yardım edebilir.",
        "Bütçede eğlenceye bir satır ayırın. Hiç dondurma yemeye çıkmayan bir aile, er ya da geç bütçesinden vazgeçer. Küçük keyifler için ayrılmış mütevazı ve planlı bir tutar, planı gerçekçi kılar ve herkesi işin içinde tutar.",
        "Bütçeyi birkaç ayda bir gözden geçirin. Kreş biter, okul başlar, hobiler değişir. Ailenizle birlikte büyüyen bir bütçe, gerçekten uygulayacağınız bir bütçedir.",
      ],
    },
    ua: {
      title: "Сімейний бюджет: місце для дітей, несподіванок і радощів",
      excerpt:
        "З дітьми бюджет змінюється сильніше, ніж здається. Ось як спланувати постійні витрати, нерегулярні платежі та маленькі радощі, не втрачаючи контролю.",
      paragraphs: [
        "Діти змінюють бюджет так, як це легко недооцінити. Окрім підгузків, одягу та догляду за дитиною, є шкільні екскурсії, подарунки на дні народження однокласникам, уроки плавання і раптовий стрибок росту, після якого кожна пара взуття стає замалою.",
        "Почніть зі списку постійних щомісячних витрат: житло, енергія, страхування, догляд за дітьми, телефон та інтернет, транспорт. Підсумуйте допомогу на дітей та інші виплати, які ви отримуєте, і свідомо витрачайте ці гроші на дітей, щоб вони не розчинялися в повсякденних витратах.",
        "Потім сплануйте нерегулярні витрати. Візьміть усе, що трапляється раз чи двічі на рік, — шкільне приладдя в серпні, техобслуговування автомобіля, відпустку, грудневі подарунки, — складіть і поділіть на дванадцять. Якщо відкладати цю суму щомісяця, великі рахунки вже будуть оплачені, коли надійдуть.",
        "Дайте роль і дітям. Невеликі щотижневі кишенькові вчать про гроші більше, ніж будь-яка лекція: якщо солодощі закінчилися, то вони закінчилися. Старші діти можуть допомогти порівняти ціни на відпочинок або спланувати покупки на тиждень.",
        "Залиште в бюджеті рядок для розваг. Сім'я, яка ніколи не ходить по морозиво, рано чи пізно покине свій бюджет. Скромна запланована сума на маленькі радощі робить план реалістичним і залучає всіх.",
        "Переглядайте бюджет раз на кілька місяців. Закінчується садочок, починається школа, змінюються захоплення. Бюджет, що росте разом із вашою сім'єю, — це бюджет, якого ви справді дотримуватиметеся.",
      ],
    },
  },
};
