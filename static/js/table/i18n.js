/**
 * Texts of the table client: Russian first, English second.
 *
 * Every visible string is written in Russian in the code and goes through `t()`.
 * With `data-lang="ru"` (the default) the Russian text is used as is. For any other
 * language `t()` asks Django's JavaScript catalog (`window.gettext`, loaded by the page
 * from `django.views.i18n.JavaScriptCatalog`) first and, when the catalog has no
 * translation, the English dictionary below. Placeholders are written `{name}` and
 * filled from `params`.
 */

let lang = "ru";

/** Choose the language of the page ("ru", "en"). */
export function setLang(value) {
  lang = (value || "ru").slice(0, 2).toLowerCase();
}

export function getLang() {
  return lang;
}

/** The text `ru` in the page's language, with `{name}` placeholders filled from `params`. */
export function t(ru, params = null) {
  let text = ru;
  if (lang !== "ru") {
    const fromCatalog = typeof window.gettext === "function" ? window.gettext(ru) : ru;
    text = fromCatalog !== ru ? fromCatalog : EN[ru] ?? ru;
  }
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  }
  return text;
}

/** Russian → English for every string of the client. */
export const EN = {
  // connection and frame
  "Соединение…": "Connecting…",
  "В сети": "Online",
  "Нет связи, переподключаемся…": "Disconnected, reconnecting…",
  "Переподключение через {s} с": "Reconnecting in {s} s",
  "Ошибка": "Error",
  "Меню": "Menu",
  "Подсказки ходов": "Move hints",
  "Последняя взятка": "Last trick",
  "Счёт": "Score",
  "Сдаться": "Surrender",
  "Выйти": "Leave",
  "Сдаться?": "Surrender?",
  "Сопернику будет записана победа.": "Your opponent will be credited with the win.",
  "Выйти из комнаты?": "Leave the room?",
  "Вы покинете стол. Незавершённая партия будет засчитана как поражение.":
    "You will leave the table. An unfinished game counts as a loss.",
  "Отмена": "Cancel",
  "Да": "Yes",
  "Закрыть": "Close",
  "Клавиши": "Keys",
  // seats
  "Вы": "You",
  "Свободно": "Free",
  "Место {n}": "Seat {n}",
  "сдаёт": "dealer",
  "обяз": "obligation",
  "нет связи": "offline",
  "лёгкий": "easy",
  "обычный": "normal",
  "сложный": "hard",
  "бот": "bot",
  "карт: {n}": "cards: {n}",
  "запас {s}": "reserve {s}",
  "Ходит": "To act",
  // games
  "Базар-блот": "Bazar blot",
  "Базар-белот": "Bazar belot",
  "Блот": "Blot",
  "Деберц": "Deberc",
  "Дурак": "Durak",
  "подкидной": "throw-in",
  "переводной": "transfer",
  "Шулер": "Cheater",
  "пара на пару": "pairs",
  "Козырь": "Trump",
  "Заказ": "Contract",
  "колода: {n}": "stock: {n}",
  "Мы": "Us",
  "Они": "Them",
  // phases
  "Ждём игроков": "Waiting for players",
  "Торговля": "Auction",
  "Розыгрыш": "Play",
  "Проверка": "Check",
  "Сдача окончена": "Deal over",
  "Партия окончена": "Match over",
  "Ваш ход": "Your move",
  "Ход: {name}": "To act: {name}",
  // auction
  "Пас": "Pass",
  "Беру": "Take",
  "Капот": "Capot",
  "Контра": "Contra",
  "Реконтра": "Recontra",
  "Заявка": "Bid",
  "БК": "NT",
  "ВК": "AT",
  "без козыря": "no trump",
  "все козыри": "all trumps",
  "Назвать козырь": "Name a trump",
  "Забрать открытую карту": "Keep the face-up card",
  "Открытая карта": "Face-up card",
  "пики": "spades",
  "трефы": "clubs",
  "бубны": "diamonds",
  "червы": "hearts",
  // play
  "Объявить {what}": "Declare {what}",
  "терц": "tierce",
  "50": "50",
  "сто": "hundred",
  "каре": "four of a kind",
  "Показать": "Show",
  "Отдать взятки": "Concede",
  "Отдать все оставшиеся взятки сопернику?": "Give all remaining tricks to your opponent?",
  "Бито": "Done",
  "Перевести": "Transfer",
  "Поймать!": "Catch!",
  "Выберите карту соперника, которую ловите": "Choose the opponent's card you are catching",
  "Проверка: {s} с": "Check: {s} s",
  "Так сыграть нельзя": "You cannot play that",
  "Сейчас не ваш ход": "It is not your turn",
  // hints
  "Выберите заявку или скажите «Пас»": "Choose a bid or say “Pass”",
  "Возьмите козырь или скажите «Пас»": "Take the trump or say “Pass”",
  "Назовите козырь": "Name a trump",
  "Ходите любой картой": "Lead any card",
  "Ходите картой, которая приподнята": "Play one of the raised cards",
  "Побейте карту: нажмите свою карту, затем карту на столе":
    "Beat a card: tap your card, then the card on the table",
  "Подкиньте карту или нажмите «Бито»": "Throw in a card or press “Done”",
  "Отбейтесь, переведите или нажмите «Беру»": "Beat, transfer or press “Take”",
  "Отбейтесь или нажмите «Беру»": "Beat or press “Take”",
  "Выберите карту на столе": "Choose a card on the table",
  "Ждём: {name}": "Waiting for {name}",
  // events
  "Блот!": "Belote!",
  "Реблот!": "Rebelote!",
  "Бела": "Bela",
  "{name}: {what}": "{name}: {what}",
  "{name} берёт взятку": "{name} takes the trick",
  "{name} не успел — ход за него": "{name} ran out of time",
  "{name} (бот) сходил": "{name} (bot) moved",
  "Пересдача": "Redeal",
  "Деберц!": "Deberc!",
  "{name} ловит шулера!": "{name} catches a cheat!",
  "Ложное обвинение": "False accusation",
  "{name}: перевод": "{name}: transfer",
  "{name}: беру": "{name}: takes",
  "{name}: бито": "{name}: done",
  "Сдача записана": "Deal scored",
  // scores
  "Сдача": "Deal",
  "Итого": "Total",
  "Очки карт": "Card points",
  "Комбинации": "Combinations",
  "Взятки": "Tricks",
  "Записано": "Scored",
  "выполнен": "made",
  "не выполнен": "failed",
  "капот": "capot",
  "контра": "contra",
  "реконтра": "recontra",
  "Победа: {names}": "Won: {names}",
  "Ничья": "Draw",
  "Дурак: {name}": "Fool: {name}",
  "до {n}": "to {n}",
  "В лобби": "To the lobby",
  "Следующая сдача начнётся сама": "The next deal starts by itself",
  "байт": "bait",
  "висят": "hanging",
  "Причина: {r}": "Reason: {r}",
  "цель": "target reached",
  "деберц": "deberc",
  "дурак": "fool",
  "ничья": "draw",
  "сдался": "surrender",
  "вышел": "left",
  "отключился": "disconnect",
  "Игра окончена": "Game over",
  "Смотрите как зритель": "You are watching",
  "готов": "ready",
  "блот": "belote",
  "Партия идёт": "The game is on",
  "не готов": "not ready",
  "Готов": "Ready",
  "Не готов": "Not ready",
  "вышел из игры": "out",
  "Партии: {a}–{b}": "Parties: {a}–{b}",
  "Висят: {n}": "Hanging: {n}",
  "До первого туза: {cards} — сдаёт {name}": "Dealt to the first ace: {cards} — {name} deals",
  "Нет связи": "No connection",
  "карта руки по порядку": "hand card by position",
  "выбрать карту руки": "move along the hand",
  "выбрать карту на столе": "move among table cards",
  "сыграть выбранную карту": "play the focused card",
  "пас": "pass",
  "«Беру»": "“Take”",
  "«Бито»": "“Done”",
  "«Поймать!»": "“Catch!”",
  "последняя взятка": "last trick",
  "счёт": "score",
  "подсказки ходов": "move hints",
  "объявить / показать / отдать взятки": "declare / show / concede",
  "отменить выбор": "cancel the selection",
};
