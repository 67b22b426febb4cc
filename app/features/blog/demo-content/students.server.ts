import type { DemoArticle } from "./types";

export const studentsArticle: DemoArticle = {
  authorName: "Kasia Nowak",
  original: "pl",
  daysAgo: 27,
  versions: {
    pl: {
      title: "Budżet studenta: jak przetrwać miesiąc bez stresu",
      excerpt:
        "Czynsz, jedzenie, książki i życie towarzyskie z jednej niewielkiej kwoty? Tygodniowy limit, gotowanie ze współlokatorami i mała poduszka finansowa robią ogromną różnicę.",
      paragraphs: [
        "Dla wielu studentów pierwsze miesiące poza domem to pierwszy raz, gdy samodzielnie zarządzają wszystkimi swoimi pieniędzmi. Czynsz, jedzenie, książki i życie towarzyskie – wszystko pochodzi z jednej niewielkiej kwoty, a koniec miesiąca potrafi nadejść zaskakująco wcześnie.",
        "Zacznij od swojego rzeczywistego dochodu: stypendium, kredytu studenckiego, pomocy od rodziców i zarobków z pracy dorywczej. Najpierw odejmij koszty stałe – czynsz, telefon, bilet miesięczny, ubezpieczenie – a to, co zostanie, jest kwotą, którą naprawdę możesz wydać na całą resztę.",
        "Podziel tę resztę przez liczbę tygodni do następnej wpłaty. Tygodniową kwotę znacznie łatwiej kontrolować niż miesięczną; jeśli przesadzisz w poniedziałek, zauważysz to już w środę, a nie dwudziestego ósmego.",
        "Najwięcej studenci oszczędzają na jedzeniu. Gotowanie większych porcji ze współlokatorami, zabieranie lunchu na uczelnię i zakupy z listą mogą z łatwością obniżyć rachunek za jedzenie o połowę. Zniżki studenckie na transport, oprogramowanie i wydarzenia kulturalne też się sumują.",
        "Kupuj używane podręczniki albo wypożyczaj je z biblioteki i sprawdź, czy starsze roczniki nie sprzedają swoich notatek i materiałów. Przed każdym większym zakupem odczekaj dzień lub dwa: wiele rzeczy „niezbędnych” okazuje się jedynie „miłymi dodatkami”.",
        "Nawet mała poduszka finansowa pomaga. Odkładanie dziesięciu czy dwudziestu euro miesięcznie sprawia, że pęknięty ekran telefonu albo niespodziewany wyjazd do domu nie staje się kryzysem. Dobre nawyki wyrobione teraz zostaną z tobą długo po obronie dyplomu.",
      ],
    },
    en: {
      machineTranslated: true,
      title: "Student budget: getting through the month without stress",
      excerpt:
        "Rent, food, books and a social life from one small amount? A weekly limit, cooking with flatmates and a small buffer make a big difference.",
      paragraphs: [
        "For many students, the first months away from home are the first time they manage all their money on their own. Rent, food, books and a social life all come out of one small amount, and the end of the month can arrive surprisingly early.",
        "Start from your real income: grant, student loan, help from your parents and earnings from a part-time job. Subtract the fixed costs first – rent, phone, travel pass, insurance – and what remains is what you can actually spend on everything else.",
        "Divide that remainder by the number of weeks until the next payment. A weekly amount is much easier to keep track of than a monthly one: if you overspend on Monday, you will notice by Wednesday, not on the 28th.",
        "Food is where students save the most. Batch cooking with flatmates, taking lunch to campus and shopping with a list can easily halve your grocery bill. Student discounts on transport, software and cultural events add up too.",
        "Buy second-hand textbooks or borrow them from the library, and check whether older students sell their notes and materials. Before any bigger purchase, wait a day or two: many must-haves turn out to be nice-to-haves.",
        "Even a small buffer helps. Putting aside ten or twenty euros a month means a cracked phone screen or an unexpected trip home does not become a crisis. Good habits you build now will stay with you long after graduation.",
      ],
    },
    nl: {
      machineTranslated: true,
      title: "Studentenbudget: zonder stress de maand door",
      excerpt:
        "Huur, eten, boeken en een sociaal leven uit één klein bedrag? Een weekbudget, samen koken met huisgenoten en een kleine buffer maken een groot verschil.",
      paragraphs: [
        "Voor veel studenten zijn de eerste maanden op kamers de eerste keer dat ze al hun geld zelf beheren. Huur, eten, boeken en een sociaal leven komen allemaal uit één klein bedrag, en het einde van de maand kan verrassend vroeg komen.",
        "Begin bij je echte inkomen: studiefinanciering, een lening, hulp van je ouders en wat je verdient met een bijbaan. Trek eerst de vaste lasten eraf – huur, telefoon, ov-abonnement, verzekering – en wat overblijft, is wat je echt aan al het andere kunt uitgeven.",
        "Deel dat restant door het aantal weken tot de volgende betaling. Een weekbedrag is veel makkelijker bij te houden dan een maandbedrag: geef je op maandag te veel uit, dan merk je dat op woensdag al, en niet pas op de 28e.",
        "Op eten besparen studenten het meest. In grote porties koken met je huisgenoten, lunch meenemen naar de campus en boodschappen doen met een lijstje kunnen je boodschappenrekening makkelijk halveren. Studentenkortingen op vervoer, software en culturele uitjes tellen ook flink op.",
        "Koop tweedehands studieboeken of leen ze bij de bibliotheek, en kijk of ouderejaars hun aantekeningen en materialen verkopen. Wacht voor elke grotere aankoop een dag of twee: veel 'must-haves' blijken 'nice-to-haves' te zijn.",
        "Zelfs een kleine buffer helpt. Zet je elke maand tien of twintig euro opzij, dan wordt een gebarsten telefoonscherm of een onverwachte reis naar huis geen crisis. Goede gewoonten die je nu aanleert, blijven lang na je afstuderen bij je.",
      ],
    },
    de: {
      title: "Studentenbudget: stressfrei durch den Monat",
      excerpt:
        "Miete, Essen, Bücher und ein soziales Leben von einem kleinen Betrag? Ein Wochenbudget, gemeinsames Kochen in der WG und ein kleiner Puffer machen einen großen Unterschied.",
      paragraphs: [
        "Für viele Studierende sind die ersten Monate außerhalb des Elternhauses das erste Mal, dass sie ihr ganzes Geld allein verwalten. Miete, Essen, Bücher und das soziale Leben kommen alle aus einem kleinen Betrag, und das Monatsende kann überraschend früh kommen.",
        "Geh von deinem tatsächlichen Einkommen aus: BAföG oder Stipendium, Studienkredit, Unterstützung der Eltern und der Verdienst aus einem Nebenjob. Zieh zuerst die Fixkosten ab – Miete, Handy, Semesterticket, Versicherung –, und was übrig bleibt, kannst du wirklich für alles andere ausgeben.",
        "Teile diesen Rest durch die Anzahl der Wochen bis zur nächsten Zahlung. Einen Wochenbetrag behältst du viel leichter im Blick als einen Monatsbetrag: Wenn du am Montag zu viel ausgibst, merkst du es schon am Mittwoch und nicht erst am 28.",
        "Beim Essen sparen Studierende am meisten. In großen Mengen mit den Mitbewohnern kochen, das Mittagessen mit zur Uni nehmen und mit Einkaufszettel einkaufen kann die Lebensmittelrechnung leicht halbieren. Studentenrabatte für Verkehr, Software und Kultur summieren sich ebenfalls.",
        "Kauf Fachbücher gebraucht oder leih sie in der Bibliothek aus, und schau, ob höhere Semester ihre Mitschriften und Materialien verkaufen. Warte vor jeder größeren Anschaffung ein, zwei Tage: Viele „Must-haves“ entpuppen sich als „Nice-to-haves“.",
        "Schon ein kleiner Puffer hilft. Wer jeden Monat zehn oder zwanzig Euro zurücklegt, für den wird ein gesprungenes Handydisplay oder eine unerwartete Heimfahrt nicht zur Krise. Gute Gewohnheiten, die du jetzt lernst, bleiben dir lange nach dem Abschluss erhalten.",
      ],
    },
    fr: {
      title: "Budget étudiant : finir le mois sans stress",
      excerpt:
        "Loyer, nourriture, livres et vie sociale avec une petite somme ? Un budget hebdomadaire, la cuisine entre colocataires et une petite réserve font toute la différence.",
      paragraphs: [
        "Pour beaucoup d'étudiants, les premiers mois loin de chez leurs parents sont la première fois qu'ils gèrent seuls tout leur argent. Loyer, nourriture, livres et vie sociale sortent tous d'une petite somme, et la fin du mois peut arriver étonnamment tôt.",
        "Partez de vos revenus réels : bourse, prêt étudiant, aide des parents et salaire d'un job étudiant. Retirez d'abord les dépenses fixes – loyer, téléphone, abonnement de transport, assurance –, et ce qui reste correspond à ce que vous pouvez vraiment dépenser pour tout le reste.",
        "Divisez ce reste par le nombre de semaines jusqu'au prochain versement. Un montant par semaine est bien plus facile à suivre qu'un montant par mois : si vous dépensez trop le lundi, vous le remarquerez dès le mercredi, et non le 28.",
        "C'est sur la nourriture que les étudiants économisent le plus. Cuisiner en grande quantité avec ses colocataires, apporter son déjeuner à la fac et faire les courses avec une liste peuvent facilement diviser par deux la note de courses. Les réductions étudiantes sur les transports, les logiciels et les sorties culturelles finissent aussi par compter.",
        "Achetez vos manuels d'occasion ou empruntez-les à la bibliothèque, et vérifiez si les étudiants des années supérieures vendent leurs notes et leur matériel. Avant tout achat important, attendez un jour ou deux : beaucoup d'« indispensables » se révèlent simplement agréables à avoir.",
        "Même une petite réserve aide. Mettre de côté dix ou vingt euros par mois permet qu'un écran de téléphone fissuré ou un retour imprévu chez ses parents ne devienne pas une crise. Les bonnes habitudes prises maintenant vous accompagneront bien après votre diplôme.",
      ],
    },
    es: {
      title: "Presupuesto de estudiante: llegar a fin de mes sin estrés",
      excerpt:
        "¿Alquiler, comida, libros y vida social con una pequeña cantidad? Un límite semanal, cocinar con tus compañeros de piso y un pequeño colchón marcan una gran diferencia.",
      paragraphs: [
        "Para muchos estudiantes, los primeros meses fuera de casa son la primera vez que gestionan todo su dinero solos. El alquiler, la comida, los libros y la vida social salen de una misma cantidad pequeña, y el final de mes puede llegar sorprendentemente pronto.",
        "Parte de tus ingresos reales: beca, préstamo de estudios, ayuda de tus padres y lo que ganes con un trabajo a tiempo parcial. Resta primero los gastos fijos —alquiler, móvil, abono de transporte, seguro— y lo que quede es lo que de verdad puedes gastar en todo lo demás.",
        "Divide ese resto entre el número de semanas que faltan hasta el próximo ingreso. Una cantidad semanal es mucho más fácil de controlar que una mensual: si te pasas el lunes, lo notarás el miércoles y no el día 28.",
        "En la comida es donde más ahorran los estudiantes. Cocinar en grandes cantidades con tus compañeros de piso, llevarte la comida a la universidad y hacer la compra con una lista pueden reducir fácilmente a la mitad el gasto en supermercado. Los descuentos para estudiantes en transporte, software y actividades culturales también suman.",
        "Compra los libros de segunda mano o sácalos de la biblioteca, y averigua si estudiantes de cursos superiores venden sus apuntes y materiales. Antes de cualquier compra grande, espera uno o dos días: muchas cosas «imprescindibles» resultan ser solo «caprichos».",
        "Incluso un pequeño colchón ayuda. Apartar diez o veinte euros al mes hace que una pantalla rota o un viaje imprevisto a casa no se conviertan en una crisis. Los buenos hábitos que adquieras ahora te acompañarán mucho después de graduarte.",
      ],
    },
    tr: {
      title: "Öğrenci bütçesi: ayı stres yaşamadan çıkarmak",
      excerpt:
        "Kira, yemek, kitaplar ve sosyal hayat tek bir küçük tutardan mı? Haftalık bir limit, ev arkadaşlarıyla yemek yapmak ve küçük bir birikim büyük fark yaratır.",
      paragraphs: [
        "Pek çok öğrenci için evden uzaktaki ilk aylar, tüm paralarını tek başına yönettikleri ilk dönemdir. Kira, yemek, kitaplar ve sosyal hayatın hepsi küçük bir tutardan karşılanır ve ay sonu şaşırtıcı derecede erken gelebilir.",
        "Gerçek gelirinizden yola çıkın: burs, öğrenim kredisi, aileden gelen destek ve yarı zamanlı bir işten kazandıklarınız. Önce sabit giderleri çıkarın – kira, telefon, ulaşım kartı, sigorta – ve geriye kalan, diğer her şey için gerçekten harcayabileceğiniz tutardır.",
        "Kalan tutarı bir sonraki ödemeye kadar olan hafta sayısına bölün. Haftalık bir tutarı takip etmek aylık bir tutardan çok daha kolaydır: Pazartesi fazla harcarsanız bunu ayın 28'inde değil, daha çarşamba günü fark edersiniz.",
        "Öğrencilerin en çok tasarruf ettiği alan yemektir. Ev arkadaşlarıyla toplu yemek pişirmek, kampüse yemeğinizi yanınızda götürmek ve listeyle alışveriş yapmak market harcamanızı kolayca yarıya indirebilir. Ulaşım, yazılım ve kültürel etkinliklerdeki öğrenci indirimleri de birikerek önemli bir tutar eder.",
        "Ders kitaplarını ikinci el alın ya da kütüphaneden ödünç alın; üst sınıfların notlarını ve materyallerini satıp satmadığına bakın. Daha büyük bir alışverişten önce bir iki gün bekleyin: Birçok \"mutlaka olmalı\" aslında \"olsa iyi olur\" çıkar.",
        "Küçük bir birikim bile işe yarar. Her ay on ya da yirmi euro kenara koymak, çatlayan bir telefon ekranının veya beklenmedik bir eve dönüş yolculuğunun krize dönüşmesini önler. Şimdi edindiğiniz iyi alışkanlıklar mezuniyetten çok sonra da sizinle kalır.",
      ],
    },
    ua: {
      title: "Студентський бюджет: як прожити місяць без стресу",
      excerpt:
        "Оренда, їжа, книжки й дозвілля з однієї невеликої суми? Тижневий ліміт, спільне готування із сусідами та невелика фінансова подушка мають величезне значення.",
      paragraphs: [
        "Для багатьох студентів перші місяці поза домом — це перший раз, коли вони самостійно розпоряджаються всіма своїми грошима. Оренда, їжа, книжки й дозвілля — усе це з однієї невеликої суми, і кінець місяця може настати несподівано рано.",
        "Почніть зі своїх реальних доходів: стипендія, студентський кредит, допомога батьків і заробіток із підробітку. Спершу відніміть постійні витрати — оренду, телефон, проїзний, страхування, — а те, що залишиться, і є сумою, яку ви справді можете витратити на все інше.",
        "Поділіть цей залишок на кількість тижнів до наступного надходження. Тижневу суму набагато легше контролювати, ніж місячну: якщо ви витратите забагато в понеділок, то помітите це вже в середу, а не двадцять восьмого числа.",
        "Найбільше студенти заощаджують на їжі. Готування великими порціями разом із сусідами, обід, узятий із собою до університету, і покупки за списком легко можуть удвічі зменшити витрати на продукти. Студентські знижки на транспорт, програми та культурні заходи теж складаються в помітну суму.",
        "Купуйте вживані підручники або беріть їх у бібліотеці й дізнайтеся, чи не продають старшокурсники свої конспекти та матеріали. Перед будь-якою великою покупкою зачекайте день-два: багато «необхідних» речей виявляються просто «приємними».",
        "Навіть невелика фінансова подушка допомагає. Якщо щомісяця відкладати десять чи двадцять євро, тріснутий екран телефона чи несподівана поїздка додому не стануть кризою. Добрі звички, набуті зараз, залишаться з вами ще довго після випуску.",
      ],
    },
  },
};
