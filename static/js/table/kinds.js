/** Engine names of combination kinds (apps/rules/combos.py kind_name) → Russian words on screen. */
export const KIND_WORD = { tierce: "терц", fifty: "50", hundred: "сто", carre: "каре" };
