"""Two plain player questions per rulebook section and language, worded without the section's title.

A topic shared by several rulebooks (the turn's phases, People, cancelling…) is asked the same way in each game
it names; the search runs with that game selected, as the rules page does.
"""

ALL = ("guevara", "geek", "goth")
JOBS = ("geek", "goth")

# topic: (games, {lang: [question, question]})
TOPICS = {
    "overview": (ALL, {
        "en": ["what is this card game about?", "who are we in this game and what do we collect?"],
        "de": ["Worum geht es in dem Kartenspiel?", "Wer sind wir im Spiel und was sammeln wir?"],
        "ru": ["О чём эта карточная игра?", "Кто мы в этой игре и что собираем?"],
    }),
    "components": (ALL, {
        "en": ["what is in the box?", "how many dice and tokens come with the game"],
        "de": ["Was ist in der Schachtel?", "Wie viele Würfel und Marker liegen bei?"],
        "ru": ["Что лежит в коробке?", "Сколько кубиков и жетонов в комплекте?"],
    }),
    "setup": (ALL, {
        "en": ["how many cards does each player get at the start?", "how do we deal before the first turn"],
        "de": ["Wie viele Karten bekommt jeder am Anfang?", "Wie wird vor dem ersten Zug ausgeteilt?"],
        "ru": ["Сколько карт получает каждый в начале?", "Как раздавать карты перед первым ходом?"],
    }),
    "goal": (ALL, {
        "en": ["how much slack do I need?", "what is the target to reach"],
        "de": ["Wie viel Slack brauche ich?", "Welches Ziel muss ich erreichen?"],
        "ru": ["Сколько развала нужно набрать?", "Какое число надо набрать, чтобы выиграть?"],
    }),
    "win": (ALL, {
        "en": ["do I win at once when I reach my slack, even for a moment?", "who wins if I lose slack right after"],
        "de": ["Habe ich sofort gewonnen, wenn ich kurz genug Slack habe?",
               "Zählt es, wenn ich den Slack gleich danach wieder verliere?"],
        "ru": ["Выигрываю ли я сразу, если набрал развал хоть на миг?",
               "Считается ли, если развал сразу же отняли?"],
    }),
    "turn": (ALL, {
        "en": ["in which order do the phases come?", "what happens during my go, step by step"],
        "de": ["In welcher Reihenfolge kommen die Phasen?", "Was passiert nacheinander, wenn ich dran bin?"],
        "ru": ["В каком порядке идут фазы?", "Что я делаю по порядку, когда моя очередь?"],
    }),
    "phase.draw": (ALL, {
        "en": ["how many cards do I draw", "refill my hand at the start"],
        "de": ["Wie viele Karten ziehe ich?", "Bis wie viele Karten fülle ich die Hand auf?"],
        "ru": ["Сколько карт добирать в начале хода?", "До скольки карт пополнить руку?"],
    }),
    "phase.roll": (ALL, {
        "en": ["when do I roll to send people away?", "what dice do I throw before calling people"],
        "de": ["Wann würfle ich, um Leute wegzuschicken?", "Welche Würfe mache ich, bevor ich Personen rufe?"],
        "ru": ["Когда бросать кубик, чтобы выгнать гостей?", "Что кидать до того, как звать гостей?"],
    }),
    "phase.call": (ALL, {
        "en": ["when can I play person cards?", "how many people may I invite in one turn"],
        "de": ["Wann darf ich Personenkarten spielen?", "Wie viele Leute darf ich in einem Zug einladen?"],
        "ru": ["Когда можно играть карты гостей и товарищей?", "Сколько человек можно позвать за один ход?"],
    }),
    "phase.freetime": (ALL, {
        "en": ["what can I spend my spare hours on?", "how many activities can I do per turn"],
        "de": ["Womit kann ich meine freien Stunden verbringen?", "Wie viele Aktivitäten darf ich pro Zug machen?"],
        "ru": ["Чем заняться в свободное время?", "Сколько дел можно сделать за ход?"],
    }),
    "phase.discard": (ALL, {
        "en": ["how many cards can I keep in my hand at the end of my turn?",
               "what is the hand size limit", "can I throw away my last card"],
        "de": ["Wie viele Karten darf ich am Ende meines Zuges behalten?", "Wie groß darf meine Hand sein?",
               "Darf ich meine letzte Karte wegwerfen?"],
        "ru": ["Сколько карт можно оставить на руке в конце хода?", "Какой предел карт на руке?",
               "Можно ли выбросить последнюю карту?"],
    }),
    "life_cards": (ALL, {
        "en": ["can I trade cards with another player?", "may I give a card away to a friend",
               "are deals between players binding"],
        "de": ["Darf ich mit anderen Spielern Karten tauschen?", "Kann ich einem Mitspieler eine Karte schenken?",
               "Sind Abmachungen zwischen Spielern verbindlich?"],
        "ru": ["Можно ли меняться картами с другим игроком?", "Можно ли отдать карту другу?",
               "Обязательно ли выполнять договорённости?"],
    }),
    "people.invited": (ALL, {
        "en": ["what do I need to roll for a person to come over?", "my friend did not show up on a 2"],
        "de": ["Was muss ich würfeln, damit eine Person kommt?", "Mein Besuch kam bei einer 2 nicht"],
        "ru": ["Что нужно выбросить, чтобы гость пришёл?", "Гость не пришёл на двойке"],
    }),
    "people.uninvited": (ALL, {
        "en": ["does a nasty visitor with no slack need a roll?", "can I send a nasty person to someone else"],
        "de": ["Muss man für Leute ohne Slack würfeln?", "Kann ich jemand Lästiges zu einem anderen schicken?"],
        "ru": ["Нужно ли бросать за гостей без развала?", "Можно ли подкинуть неприятного гостя другому?"],
    }),
    "people.get_rid": (ALL, {
        "en": ["how do I kick someone out?", "what roll sends a visitor away"],
        "de": ["Wie werfe ich jemanden raus?", "Welcher Wurf schickt einen Besucher weg?"],
        "ru": ["Как выставить гостя за дверь?", "Какой бросок прогоняет гостя?"],
    }),
    "pests": (("guevara", "geek"), {
        "en": ["what does the glutton eat?", "a freeloader takes one of my cards each turn"],
        "de": ["Was frisst der Vielfraß?", "Ein Schmarotzer nimmt mir jeden Zug eine Karte"],
        "ru": ["Что съедает нахлебник?", "Приживала забирает у меня карту каждый ход"],
    }),
    "cats": (ALL, {
        "en": ["can a kitty be rolled away?", "does the pet cat need a roll to come in"],
        "de": ["Kann man eine Mieze wegwürfeln?", "Muss man für einen Kater würfeln?"],
        "ru": ["Можно ли выгнать кошку броском?", "Надо ли бросать, чтобы пришёл кот?"],
    }),
    "activities": (ALL, {
        "en": ["what does a red card do?", "does doing something cost money"],
        "de": ["Was macht eine rote Karte?", "Kostet es Geld, etwas zu unternehmen?"],
        "ru": ["Что делает красная карта?", "Стоит ли занятие денег?"],
    }),
    "variable_slack": (ALL, {
        "en": ["what if my rolled nookie comes to zero?", "slack decided by a die"],
        "de": ["Was, wenn mein ausgewürfelter Wert null ist?", "Slack per Würfel bestimmen"],
        "ru": ["Что, если выпал ноль очков за дело?", "развал определяется кубиком"],
    }),
    "marking": (ALL, {
        "en": ["how do I keep track of extra slack on a card?", "use coins to count bonus points"],
        "de": ["Wie halte ich zusätzlichen Slack auf einer Karte fest?", "Münzen zum Zählen von Bonuspunkten"],
        "ru": ["Как отмечать дополнительный развал на карте?", "Чем считать бонусные очки?"],
    }),
    "nookie.noisy": (ALL, {
        "en": ["loud sex wakes the neighbours", "what happens to sleep cards next door?"],
        "de": ["Laute Liebe weckt die Nachbarn", "Was passiert mit Schlafkarten nebenan?"],
        "ru": ["громкая любовь будит соседей", "Что будет с картами сна у соседей?"],
    }),
    "cancel": (ALL, {
        "en": ["can someone stop my card?", "when is it too late to block a card"],
        "de": ["Kann jemand meine Karte stoppen?", "Wann ist es zu spät, eine Karte abzuwehren?"],
        "ru": ["Можно ли остановить мою карту?", "Когда уже поздно помешать карте?"],
    }),
    "whenever": (ALL, {
        "en": ["what can I do when it is not my go?", "orange cards any time"],
        "de": ["Was kann ich tun, wenn ich nicht dran bin?", "orange Karten zu jeder Zeit"],
        "ru": ["Что можно делать не в свою очередь?", "оранжевые карты в любой момент"],
    }),
    "quick": (ALL, {
        "en": ["cheat sheet of all the numbers", "summary of the dice rolls"],
        "de": ["Spickzettel mit allen Zahlen", "Übersicht der Würfelwerte"],
        "ru": ["Краткая памятка по всем числам", "сводка бросков кубика"],
    }),
    "categories": (("guevara", "geek"), {
        "en": ["a card that is both pet and food", "what kinds of things are there, like booze or food"],
        "de": ["Eine Karte, die Haustier und Essen zugleich ist", "Welche Sorten gibt es, etwa Essen oder Alkohol?"],
        "ru": ["карта, которая и питомец, и еда", "Какие бывают виды вещей, например еда или выпивка?"],
    }),
    "combining": (("guevara", "geek"), {
        "en": ["can I mix it with other games of the series?", "shuffle things from another box in"],
        "de": ["Kann ich es mit anderen Spielen der Reihe mischen?", "Dinge aus einer anderen Schachtel einmischen"],
        "ru": ["Можно ли смешивать с другими играми серии?", "добавить вещи из другой коробки"],
    }),
    "jobs": (JOBS, {
        "en": ["what is printed on the purple card?", "which occupation gives what income"],
        "de": ["Was steht auf der lila Karte?", "Welcher Beruf bringt welches Einkommen?"],
        "ru": ["Что написано на фиолетовой карте?", "Какая профессия даёт какой доход?"],
    }),
    "variable_income": (JOBS, {
        "en": ["my income shows two numbers, which one counts?", "roll 1-3 low 4-6 high for money"],
        "de": ["Mein Einkommen hat zwei Zahlen, welche gilt?", "1-3 niedrig, 4-6 hoch würfeln für Geld"],
        "ru": ["На карте два числа дохода, какое считать?", "бросок 1-3 меньше, 4-6 больше для денег"],
    }),
    "shopping": (JOBS, {
        "en": ["how do I buy things?", "what if someone cancels my purchase"],
        "de": ["Wie kaufe ich Dinge?", "Was, wenn jemand meinen Einkauf verhindert?"],
        "ru": ["Как покупать вещи?", "Что если мою покупку отменили?"],
    }),
    "tv": (JOBS, {
        "en": ["watching television instead of an activity", "what does the telly card give"],
        "de": ["Fernsehen statt einer Aktivität", "Was bringt die Fernsehkarte?"],
        "ru": ["смотреть телевизор вместо дела", "Что даёт карта телевизора?"],
    }),
    "job_change": (JOBS, {
        "en": ["what happens when I get fired?", "do I keep my slack with a new occupation"],
        "de": ["Was passiert, wenn ich gefeuert werde?", "Behalte ich meinen Slack mit einem neuen Beruf?"],
        "ru": ["Что будет, если меня уволили?", "Сохраняется ли развал при новой профессии?"],
    }),
    "phase.heal": (("guevara",), {
        "en": ["how do I get rid of a wound by resting?", "doing nothing all turn removes an injury"],
        "de": ["Wie werde ich eine Wunde durch Ausruhen los?", "Ein Zug ohne Aktion entfernt eine Verletzung"],
        "ru": ["Как избавиться от раны отдыхом?", "ход без действий убирает ранение"],
    }),
    "ranks": (("guevara",), {
        "en": ["what does a sergeant get compared to a private?", "how many corporal cards are there"],
        "de": ["Was bekommt ein Sergeant im Vergleich zum Gefreiten?", "Wie viele Korporal-Karten gibt es?"],
        "ru": ["Что даёт сержант по сравнению с рядовым?", "Сколько карт капрала в колоде?"],
    }),
    "income": (("guevara",), {
        "en": ["can I save unspent money for next turn?", "how much money do I get each turn"],
        "de": ["Kann ich unverbrauchtes Geld aufheben?", "Wie viel Geld bekomme ich jeden Zug?"],
        "ru": ["Можно ли копить неистраченные деньги?", "Сколько денег я получаю каждый ход?"],
    }),
    "scrounging": (("guevara",), {
        "en": ["how do I get stuff for my tent?", "how many things can I get on one trip"],
        "de": ["Wie komme ich an Sachen fürs Zelt?", "Wie viele Dinge bekomme ich auf einem Beutezug?"],
        "ru": ["Как раздобыть вещи в палатку?", "Сколько вещей можно добыть за одну вылазку?"],
    }),
    "pull_rank": (("guevara",), {
        "en": ["can a sergeant boss a corporal around?", "give a lower rank an activity to do instead"],
        "de": ["Darf ein Sergeant einen Korporal herumkommandieren?",
               "Einem niedrigeren Rang eine andere Aktivität aufzwingen"],
        "ru": ["Может ли сержант командовать капралом?", "навязать младшему по званию другое дело"],
    }),
    "pull_rank.countermand": (("guevara",), {
        "en": ["can someone overrule an order already given?", "a higher rank changes the activity again"],
        "de": ["Kann jemand einen erteilten Befehl aufheben?", "Ein höherer Rang ändert die Aktivität noch einmal"],
        "ru": ["Можно ли перебить уже отданный приказ?", "старший по званию снова меняет дело"],
    }),
    "raid": (("guevara",), {
        "en": ["who is allowed to lead an attack on the village?", "can anyone hand me a raid card"],
        "de": ["Wer darf einen Überfall ansagen?", "Darf mir jemand eine Überfallkarte geben?"],
        "ru": ["Кто может объявить налёт?", "Может ли кто-то дать мне карту налёта?"],
    }),
    "raid.roll": (("guevara",), {
        "en": ["what happens on a 6 in a raid?", "who gets promoted after everybody rolls"],
        "de": ["Was passiert bei einer 6 im Überfall?", "Wer wird befördert, wenn alle gewürfelt haben?"],
        "ru": ["Что будет, если в налёте выпала шестёрка?", "Кого повышают после бросков всех игроков?"],
    }),
    "raid.loot": (("guevara",), {
        "en": ["who chooses the spoils first?", "can I take a person from the booty"],
        "de": ["Wer sucht sich zuerst etwas aus?", "Darf ich eine Person aus dem Erbeuteten nehmen?"],
        "ru": ["Кто первым выбирает добычу?", "Можно ли взять товарища из добычи?"],
    }),
    "denounce": (("guevara",), {
        "en": ["what do I need to roll when I'm accused?", "someone reported me to the leader"],
        "de": ["Was muss ich würfeln, wenn ich angeschwärzt werde?", "Jemand hat mich beim Anführer verpetzt"],
        "ru": ["Что бросать, если на меня донесли?", "Меня обвинили перед Вождём"],
    }),
    "denounce.revenge": (("guevara",), {
        "en": ["can I strike back after being found innocent?", "pay back the accuser"],
        "de": ["Kann ich zurückschlagen, wenn ich unschuldig war?", "Es dem Ankläger heimzahlen"],
        "ru": ["Можно ли ответить, если меня оправдали?", "отомстить обвинителю"],
    }),
    "promotion": (("guevara",), {
        "en": ["how do I move up a rank?", "no higher card is free, what now"],
        "de": ["Wie steige ich einen Rang auf?", "Keine höhere Karte ist frei, was nun?"],
        "ru": ["Как подняться в звании?", "Нет свободной старшей карты, что делать?"],
    }),
    "demotion": (("guevara",), {
        "en": ["what if I drop a rank and no lower card is free?", "lose a rank"],
        "de": ["Was, wenn ich einen Rang verliere und keine Karte frei ist?", "einen Rang absteigen"],
        "ru": ["Что если меня понизили, а свободной карты нет?", "потерять звание"],
    }),
    "rank_timing": (("guevara",), {
        "en": ["does a promotion change a roll already made?",
               "two rank changes at the same moment: which applies first?"],
        "de": ["Ändert eine Beförderung einen schon gemachten Wurf?", "Zwei Rangkarten gleichzeitig, welche zuerst?"],
        "ru": ["Меняет ли повышение уже сделанный бросок?", "Две карты ранга сразу — какая первая?"],
    }),
    "wounds": (("guevara",), {
        "en": ["how much does an injury cost me?", "how do I heal"],
        "de": ["Wie viel kostet mich eine Verletzung?", "Wie werde ich gesund?"],
        "ru": ["Сколько стоит ранение?", "Как вылечиться?"],
    }),
    "editions": (("guevara",), {
        "en": ["the German rules say something else", "which version of the rules wins"],
        "de": ["Die englische Regel sagt etwas anderes", "Welche Regelversion gilt?"],
        "ru": ["В немецких правилах написано иначе", "Какая версия правил главная?"],
    }),
    "heartache": (("goth",), {
        "en": ["when do I lose heartache?", "goth sadness points"],
        "de": ["Wann verliere ich Herzblut?", "Punkte für Goth-Kummer"],
        "ru": ["Когда теряется тоска?", "очки грусти гота"],
    }),
    "combined": (("goth",), {
        "en": ["mixing goth and geek jobs", "playing both boxes together"],
        "de": ["Goth-Jobs mit Chez Geek mischen", "Beide Schachteln zusammen spielen"],
        "ru": ["готские работы вместе с Chez Geek", "играть обеими коробками вместе"],
    }),
    "terms": (("glossary",), {
        "en": ["what is Abstauben in English", "German word for tent"],
        "de": ["Was heißt Abstauben auf Englisch?", "englisches Wort für Zelt"],
        "ru": ["как по-немецки мародёрство", "немецкое слово для палатки"],
    }),
    "phases": (("glossary",), {
        "en": ["German name of the heal step", "what is Ablegen in English"],
        "de": ["englischer Name für Ablegen", "Wie heißt Heilen auf Russisch?"],
        "ru": ["как по-немецки лечение", "что значит Ablegen"],
    }),
    "glossary_ranks": (("glossary",), {
        "en": ["German word for corporal", "Russian name of the sergeant"],
        "de": ["englisches Wort für Gefreiter", "russischer Name des Sergeanten"],
        "ru": ["как по-немецки капрал", "английское слово для рядового"],
    }),
    "cards": (("glossary",), {
        "en": ["German name of the Toady", "what is Seife called in English"],
        "de": ["Wie heißt Speichellecker auf Englisch?", "russischer Name von Gordo"],
        "ru": ["как по-английски Денщик", "немецкое название Мыла"],
    }),
    "geek_goth": (("glossary",), {
        "en": ["German word for room", "what is Shoppen in English"],
        "de": ["englisches Wort für Zimmer", "Wie heißt Slackziel auf Russisch?"],
        "ru": ["как по-немецки комната", "что значит Slackziel"],
    }),
}

SECTION_OF = {"glossary_ranks": "ranks"}  # a topic whose key would clash with another game's


def section_cases(lang: str) -> list[tuple[str, str, str]]:
    """(question, game, expected section id) for every topic in one language."""
    return [(question, game, f"{game}.{SECTION_OF.get(topic, topic)}")
            for topic, (games, questions) in TOPICS.items() for game in games for question in questions[lang]]
