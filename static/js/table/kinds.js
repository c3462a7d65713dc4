/** Engine names of combination kinds (apps/rules/combos.py kind_name) → Russian words on screen. */

import { gettext_noop } from "./i18n.js";

/** Gambler's solo capot (`{"type": "capot", "solo": true}`, option `solo_capot`), as players call it. */
export const SOLO_CAPOT = gettext_noop("Капо на 1 руке");

export const KIND_WORD = { tierce: gettext_noop("терц"), fifty: "50", hundred: gettext_noop("сто"), carre: gettext_noop("каре") };
