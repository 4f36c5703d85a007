"""Words dropped from search queries: articles, pronouns, question words and filler verbs."""

STOPWORDS = {
    "en": frozenset("""
        a an the and or of to in on at for with by from as is are was were be been being am
        do does did doing done have has had having can could may might must shall should will would
        what whats which who whom whose when where why how i im me my mine we us our you your he him his
        she her it its they them their this that these those there here if then than so not no yes
        any some about into out up down over again also just only very too much many get gets got
        getting happen happens happened happening mean means meaning work works rule rules please tell
        explain anyone someone something anything let lets s t ll ve d whether way exactly need needs
        say says said called
    """.split()),
    "de": frozenset("""
        der die das den dem des ein eine einer eines einem einen und oder aber wenn wann was wer wen wem
        wie wo woher wohin warum wieso weshalb welche welcher welches welchen ich du er sie es wir ihr man
        mich mir dich dir sich uns euch mein meine meinen meinem meiner dein deine deinen deinem deiner
        sein seine seinen ist sind war waren bin bist hat habe hast haben hatte kann kannst koennen können
        darf darfst dürfen duerfen muss musst müssen muessen soll sollte sollen wird werden wurde würde
        passiert geschieht gibt gilt bei mit von vom zu zum zur im in am an auf aus für fuer um
        nach vor noch auch nur schon denn dann doch so nicht kein keine keinen ja nein mal bitte
        genau alle alles etwas jemand jemandem jemanden da dass ob gerade eigentlich regel regeln
        werde wirst werdet wieder viel viele vielen heißt heisst bedeutet brauche brauchst braucht
    """.split()),
    "ru": frozenset("""
        что как когда кто где куда почему зачем какой какая какие какое каких каком какую ли я мне меня
        мы нас нам вы вас вам он она оно они его ее её их им ему ей мой моя мое моё мои моих твой свой
        свою свои своей своего это этот эта эти этого этой то тот та те и или а но да нет не ни в во на
        с со к ко по о об обо от до из за у для при про над под же бы ведь вот уже еще ещё только можно
        нельзя нужно надо если чем чтобы будет будут быть есть был была было были происходит произойдет
        произойдёт бывает случается сколько разве тогда потом тут там здесь мной правило правила
        значит называется означает делать сделать
    """.split()),
}
