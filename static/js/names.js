// People's names as the pages show them (labels.display_name on the server). Pure.

const BOT_NAME = /^Бот (\d+)$/;

/**
 * A name as shown: a bot's «Бот N» (the name the view and the records keep) through `botWord`,
 * the page's «Бот %(n)s» (the table's gettext, the lobby's words); anyone else's as it is.
 */
export function shownName(name, bot, botWord) {
  const found = bot ? BOT_NAME.exec(name || "") : null;
  return found ? botWord.replace("%(n)s", found[1]) : name;
}
