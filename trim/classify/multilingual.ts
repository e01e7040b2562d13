/**
 * Error keywords in many languages, used to boost the relevance score of
 * localized error messages (`multilingual` option).
 *
 * @module
 */

/**
 * The error keywords of one language.
 *
 * @example Looking up one language
 * ```ts
 * import assert from "node:assert/strict";
 * import { MULTILINGUAL_ERROR_KEYWORDS, type MultilingualKeywords } from "./multilingual.ts";
 * const german: MultilingualKeywords | undefined = MULTILINGUAL_ERROR_KEYWORDS.find((k) => k.language === "de");
 * assert.ok(german?.keywords.includes("fehler") === true);
 * ```
 */
export interface MultilingualKeywords {
  /** BCP 47 language code. */
  readonly language: string;
  /** Lowercase keywords or stems ("error", "failed", "exception" …). */
  readonly keywords: readonly string[];
}

/**
 * Error keywords beyond English, lowercase: 20 alphabetic languages plus
 * Chinese, Japanese and Korean. English keywords are part of the base scorer.
 *
 * Matching rules (see {@linkcode hasMultilingualErrorKeyword}): German
 * keywords match inside compounds (`Verbindungsfehler`); CJK and other
 * unspaced scripts match anywhere; every other keyword must start a word and
 * may carry up to four more letters of inflection (`hatası`, `errori`, `błędu`).
 *
 * @example Listing the languages
 * ```ts
 * import assert from "node:assert/strict";
 * import { MULTILINGUAL_ERROR_KEYWORDS } from "./multilingual.ts";
 * const languages = MULTILINGUAL_ERROR_KEYWORDS.map((k) => k.language);
 * assert.ok(languages.includes("de") && languages.includes("ja"));
 * ```
 */
export const MULTILINGUAL_ERROR_KEYWORDS: readonly MultilingualKeywords[] = [
  { language: "de", keywords: ["fehler", "fehlgeschlagen", "ausnahme", "absturz"] },
  { language: "fr", keywords: ["erreur", "échec", "échoué", "impossible de"] },
  { language: "it", keywords: ["errore", "errori", "eccezione", "fallito", "fallita"] },
  { language: "es", keywords: ["fallo", "falló", "excepción", "no se pudo"] },
  { language: "pt", keywords: ["erro", "falha", "falhou", "exceção", "não foi possível"] },
  { language: "ru", keywords: ["ошибк", "исключение", "сбой", "не удалось"] },
  { language: "uk", keywords: ["помилк", "виняток", "не вдалося"] },
  { language: "pl", keywords: ["błąd", "błęd", "wyjątek", "niepowodzenie", "nie udało"] },
  { language: "tr", keywords: ["hata", "başarısız", "istisna"] },
  { language: "nl", keywords: ["fout", "mislukt", "uitzondering"] },
  { language: "sv", keywords: ["misslyckades"] },
  { language: "da", keywords: ["fejl", "mislykkedes"] },
  { language: "no", keywords: ["feil", "mislyktes"] },
  { language: "fi", keywords: ["virhe", "epäonnistui"] },
  { language: "cs", keywords: ["chyba", "selhal"] },
  { language: "hu", keywords: ["hiba", "sikertelen"] },
  { language: "ro", keywords: ["eroare", "excepție"] },
  { language: "el", keywords: ["σφάλμα", "εξαίρεση"] },
  { language: "id", keywords: ["kesalahan", "gagal"] },
  { language: "vi", keywords: ["lỗi"] },
  { language: "he", keywords: ["שגיאה"] },
  { language: "ar", keywords: ["خطأ", "فشل"] },
  { language: "hi", keywords: ["त्रुटि"] },
  { language: "th", keywords: ["ข้อผิดพลาด", "ล้มเหลว"] },
  { language: "zh", keywords: ["错误", "錯誤", "失败", "失敗", "异常", "異常", "故障"] },
  { language: "ja", keywords: ["エラー", "例外", "失敗", "異常"] },
  { language: "ko", keywords: ["오류", "에러", "실패", "예외"] },
];

/** Languages whose keywords match inside words (compounds, unspaced scripts). */
const _ANYWHERE = new Set(["de", "zh", "ja", "ko", "th", "he", "ar", "hi"]);

function _escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function _buildVerifier(): RegExp {
  const anywhere: string[] = [];
  const words: string[] = [];
  for (const { language, keywords } of MULTILINGUAL_ERROR_KEYWORDS) {
    (_ANYWHERE.has(language) ? anywhere : words).push(...keywords.map(_escape));
  }
  // Word-start keywords with at most four letters of inflection; linear: the
  // lookbehind and the bounded tail never backtrack more than four steps.
  // English `error…` (also Spanish) is left to the base scorer, which knows
  // `0 errors` and `error_count=0` are not errors.
  return new RegExp(
    `${anywhere.join("|")}|(?<!\\p{L})(?!errors?(?!\\p{L})|fallout)(?:${
      words.join("|")
    })\\p{L}{0,4}(?!\\p{L})`,
    "iu",
  );
}

const _VERIFIER = _buildVerifier();

/**
 * Whether a line contains an error keyword of a language other than English
 * (`Fehler`, `erreur`, `ошибка`, `błąd`, `hata`, `错误`, `エラー`, `오류` …).
 *
 * This is the precise check; the scorer runs it only on lines that a cheap
 * single-pass trigger has already flagged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasMultilingualErrorKeyword } from "./multilingual.ts";
 * assert.ok(hasMultilingualErrorKeyword("Verbindungsfehler: Zeitüberschreitung"));
 * assert.ok(hasMultilingualErrorKeyword("数据库连接错误"));
 * assert.ok(!hasMultilingualErrorKeyword("all good, nothing to see"));
 * ```
 */
export function hasMultilingualErrorKeyword(line: string): boolean {
  return _VERIFIER.test(line);
}

/**
 * ASCII stems that trigger the multilingual check in the scorer's word-start
 * scan, lowercase and Capitalized. Stems keep that scan short; the precise
 * check is {@linkcode hasMultilingualErrorKeyword}. Keywords starting like an
 * English trigger (`erreur`, `errore` → `err`) need no stem of their own.
 * Being word-start stems, they find `Fehler beim …` but not a compound such
 * as `Verbindungsfehler` alone; the verifier matches compounds once any
 * trigger fired.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MULTILINGUAL_TRIGGER_STEMS } from "./multilingual.ts";
 * assert.ok(MULTILINGUAL_TRIGGER_STEMS.includes("fehl"));
 * ```
 */
export const MULTILINGUAL_TRIGGER_STEMS: readonly string[] = [
  "fehl",
  "ausnahm",
  "chec ", // échec: `\b` sits between the non-ASCII `é` and `c`
  "chec:",
  "chec.",
  "chou\u00e9", // échoué
  "b\u0142\u0105d", // błąd
  "b\u0142\u0119d", // błędu
  "B\u0142\u0105d",
  "wyj\u0105t", // wyjątek
  "exce\u00e7", // exceção
  "l\u1ed7i", // lỗi
  "absturz",
  "fallo",
  "falló",
  "fallit",
  "falh",
  "erro",
  "eroare",
  "eccez",
  "excep",
  "impossib",
  "no se pudo",
  "não foi",
  "nie uda",
  "hata",
  "istisna",
  "fout",
  "mislu",
  "missly",
  "mislyk",
  "fejl",
  "feil",
  "virhe",
  "epäonn",
  "chyb",
  "selhal",
  "hiba",
  "sikertelen",
  "kesalahan",
  "gagal",
  "uitzonder",
  "niepowodz",
  "ba\u015far\u0131s\u0131z",
  "Fehl",
  "Ausnahm",
  "Erreur",
  "Errore",
  "Erro",
  "Fallo",
  "Falh",
  "Hata",
  "Fout",
  "Virhe",
  "Chyb",
  "Hiba",
  "Eroare",
  "Gagal",
  "Kesalahan",
  "Feil",
  "Fejl",
];

/**
 * Spellings of the keywords whose first letter is beyond Latin-1 (Cyrillic,
 * Greek, Hebrew, Arabic, Indic, Thai, CJK …), in lowercase, Capitalized and
 * UPPERCASE form. The scorer adds them to its boundary-free scan: on
 * one-byte (Latin-1) lines the regex engine skips them at no cost.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { multilingualTriggerSpellings } from "./multilingual.ts";
 * const spellings = multilingualTriggerSpellings();
 * assert.ok(spellings.includes("Ошибк") && spellings.includes("错误"));
 * ```
 */
export function multilingualTriggerSpellings(): string[] {
  const out = new Set<string>();
  for (const { keywords } of MULTILINGUAL_ERROR_KEYWORDS) {
    for (const k of keywords) {
      if (k.charCodeAt(0) < 256) continue;
      out.add(k);
      out.add(k[0].toUpperCase() + k.slice(1));
      out.add(k.toUpperCase());
    }
  }
  return [...out];
}
