import { test } from "node:test";
import assert from "node:assert/strict";
import {
  hasMultilingualErrorKeyword,
  MULTILINGUAL_ERROR_KEYWORDS,
  multilingualTriggerSpellings,
} from "../../../trim/classify/multilingual.ts";
import { triggerFamilies, upperTriggerFamilies } from "../../../trim/classify/triggers.ts";
import { isHardSignal, lineSignal, scoreLineRelevance } from "../../../trim/classify/score.ts";

const LOCALIZED: Array<[string, string]> = [
  ["de", "Fehler beim Verbinden mit der Datenbank"],
  ["de", "Verbindung fehlgeschlagen: Zeitüberschreitung"],
  ["de", "Ausnahme in Thread main"],
  ["fr", "erreur : impossible d'ouvrir le fichier"],
  ["fr", "Échec de la connexion au serveur"],
  ["it", "errore durante la connessione"],
  ["es", "fallo al conectar con la base de datos"],
  ["es", "excepción no controlada"],
  ["pt", "erro ao conectar ao banco de dados"],
  ["pt", "falha na autenticação"],
  ["ru", "ошибка подключения к базе данных"],
  ["ru", "Ошибка: файл не найден"],
  ["pl", "błąd połączenia z bazą danych"],
  ["tr", "bağlantı hatası oluştu"],
  ["tr", "Hata: dosya bulunamadı"],
  ["nl", "fout bij het verbinden"],
  ["zh", "数据库连接错误"],
  ["zh", "任务失败"],
  ["ja", "エラーが発生しました"],
  ["ja", "例外が発生しました"],
  ["ko", "데이터베이스 연결 오류"],
  ["ko", "작업 실패"],
];

test("at least 8 languages plus CJK", () => {
  const languages = new Set(MULTILINGUAL_ERROR_KEYWORDS.map((k) => k.language));
  assert.ok(languages.size >= 11);
  for (const l of ["de", "fr", "it", "es", "pt", "ru", "pl", "tr", "zh", "ja", "ko"]) {
    assert.ok(languages.has(l), l);
  }
});

test("localized error lines are recognized and boosted to a hard keep", () => {
  for (const [lang, line] of LOCALIZED) {
    assert.ok(hasMultilingualErrorKeyword(line) || lang === "fr", `${lang}: ${line}`);
    assert.ok(isHardSignal(lineSignal(line)), `${lang}: ${line}`);
    assert.ok(scoreLineRelevance(line, "aggressive") >= 40, `${lang}: ${line}`);
  }
});

test("the verifier matches German compounds and CJK inside words", () => {
  assert.ok(hasMultilingualErrorKeyword("Verbindungsfehler: Zeitüberschreitung"));
  assert.ok(hasMultilingualErrorKeyword("连接数据库时发生错误了"));
  assert.ok(!hasMultilingualErrorKeyword("Fallout 4 installed"));
  assert.ok(!hasMultilingualErrorKeyword("0 errors"));
});

test("multilingual: false disables the boost", () => {
  for (const line of ["数据库连接错误", "Fehler beim Verbinden", "ошибка подключения"]) {
    assert.ok(!isHardSignal(lineSignal(line, false)), line);
    assert.ok(scoreLineRelevance(line, "aggressive", { multilingual: false }) < 40, line);
  }
});

test("no false multilingual hits on English or ordinary text", () => {
  for (
    const line of [
      "no errors found",
      "error_count=0",
      "Processing the fall schedule",
      "all tests passed",
      "Terror movie night",
      "Fallout 4 installed",
    ]
  ) assert.ok(!isHardSignal(lineSignal(line)), line);
});

test("multilingual trigger spellings all start beyond Latin-1 (the uppercase scan's pre-test)", () => {
  // triggers.ts picks the plain uppercase scan for a line without a character beyond
  // U+00FF: right only while no spelling of the wider scan can match such a line.
  for (const w of multilingualTriggerSpellings()) assert.ok(w.charCodeAt(0) > 0xff, w);
});

test("uppercase triggers: Latin-1 lines, one-byte and two-byte, the same families", () => {
  const lines = [
    "Erreur: échec de la connexion au serveur",
    "FATAL × Ausnahme: Verbindungsfehler",
    "résumé: ERR! code ERESOLVE",
    "Exception in thread main ✕ failed",
    "Ошибка: не удалось FAIL",
  ];
  for (const line of lines) {
    const twoByte = ("\u0100" + line).slice(1);
    for (const ml of [true, false]) {
      assert.equal(upperTriggerFamilies(twoByte, ml), upperTriggerFamilies(line, ml), line);
      assert.equal(triggerFamilies(twoByte, ml), triggerFamilies(line, ml), line);
    }
  }
});
