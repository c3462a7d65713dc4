/** Engine names of combination kinds (apps/rules/combos.py kind_name) → Russian words on screen. */

import { gettext_noop } from "./i18n.js";

export const KIND_WORD = { tierce: gettext_noop("терц"), fifty: "50", hundred: gettext_noop("сто"), carre: gettext_noop("каре") };
