// The match's verification page: checks the deals against the revealed seeds in the browser.
import { mountVerifyPage } from "../fairness.js";

mountVerifyPage(document);
