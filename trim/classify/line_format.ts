/**
 * Per-line log format rules: which runtime or log layout one line is written
 * in. {@linkcode detectLineFormat} dispatches on the first character, then tries
 * a few anchored patterns; the streaming vote over many lines is in `format.ts`.
 *
 * @module
 */

/**
 * A detected log format. The built-in values are listed in
 * {@linkcode KNOWN_LOG_FORMATS}; the type stays open to other strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { LogFormat } from "./line_format.ts";
 * const format: LogFormat = "python";
 * assert.ok(format === "python");
 * ```
 */
export type LogFormat =
  | "node"
  | "python"
  | "java"
  | "go"
  | "rust"
  | "ruby"
  | "php"
  | "dotnet"
  | "json"
  | "logfmt"
  | "syslog"
  | "apache"
  | "nginx"
  | "kubernetes"
  | "docker"
  | "github-actions"
  | "android"
  | (string & Record<never, never>);

/**
 * Every format {@linkcode detectLineFormat} can return.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KNOWN_LOG_FORMATS } from "./line_format.ts";
 * assert.ok(KNOWN_LOG_FORMATS.includes("python"));
 * ```
 */
export const KNOWN_LOG_FORMATS: readonly LogFormat[] = Object.freeze([
  "node",
  "python",
  "java",
  "go",
  "rust",
  "ruby",
  "php",
  "dotnet",
  "json",
  "logfmt",
  "syslog",
  "apache",
  "nginx",
  "kubernetes",
  "docker",
  "github-actions",
  "android",
]);

// Patterns, grouped by the first character of the line they can match.
const _LEVEL_J = "(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)";
const _GHA_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z /;
const _CRI = /^\d{4}-\d{2}-\d{2}T\S+ (?:stdout|stderr) [FP] /;
const _SPRING = /^\d{4}-\d{2}-\d{2}[ T][\d:.]+\S*\s+(?:TRACE|DEBUG|INFO|WARN|ERROR)\s+\d+ --- \[/;
const _PY_STD =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[,.]\d{3} - [\w.-]+ - (?:DEBUG|INFO|WARNING|ERROR|CRITICAL) - /;
const _OSLO =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} \d+ (?:DEBUG|INFO|WARNING|ERROR|CRITICAL|TRACE) [a-z_]+(?:\.[a-z_]+)+ /;
const _ZAP = /^\S+\t(?:DEBUG|INFO|WARN|ERROR|DPANIC|PANIC|FATAL)\t\S+\.go:\d+\t/;
const _TRACING = /^\d{4}-\d{2}-\d{2}T\S+Z\s+(?:TRACE|DEBUG|INFO|WARN|ERROR) [a-z_]\w*(?:::\w+)*: /;
const _ZK_LOG4J = new RegExp(`^\\S+ \\S+ - ${_LEVEL_J}\\s+\\[.*@\\d+\\] - `);
const _LOG4J = new RegExp(
  `^[\\d\\-/:,. T]+\\s${_LEVEL_J}\\s+(?:\\[[^\\]]*\\]\\s+)?(?:[a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(?::|\\s-\\s|\\s)`,
);
const _PY_LOGGER =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{3} (?:DEBUG|INFO|WARNING|ERROR|CRITICAL) [a-z_][\w]*(?:\.[a-z_]\w*)*[: ]/;
const _NGINX_ERR =
  /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} \[(?:emerg|alert|crit|error|warn|notice|info|debug)\] \d+#\d+: /;
const _GO_STD = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? /;
const _SPARK = new RegExp(`^\\d{2}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2} ${_LEVEL_J} [\\w$.]+:`);
const _LOGCAT = /^\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\s+\d+\s+\d+ [VDIWEFA] /;
const _HDFS = new RegExp(`^\\d{6} \\d{6} \\d+ ${_LEVEL_J} [\\w$.]+:`);
const _CLF = /^\S+ \S+ \S+ \[\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\] "/;
const _APACHE_ERR =
  /^\[(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}(?:\.\d+)? \d{4}\] \[/;
const _PHP_TS = /^\[\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}(?: [\w/+-]+)?\] /;
const _MONOLOG =
  /^\[\d{4}-\d{2}-\d{2}[T ][\d:.]+(?:[+-]\d{2}:?\d{2}|Z)?\] [\w-]+\.(?:DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL|ALERT|EMERGENCY):/;
const _ENV_LOGGER =
  /^\[\d{4}-\d{2}-\d{2}T\S+ +(?:TRACE|DEBUG|INFO|WARN|ERROR) +[a-z_]\w*(?:::\w+)*\] /;
const _AIRFLOW = /^\[\d{4}-\d{2}-\d{2}[ T,][^\]]*\] \{[\w.]+:\d+\} /;
const _GUNICORN =
  /^\[\d{4}-\d{2}-\d{2} [\d:]+ [+-]\d{4}\] \[\d+\] \[(?:INFO|ERROR|WARNING|DEBUG|CRITICAL)\]/;
const _MAVEN = /^\[(?:INFO|ERROR|WARNING|DEBUG)\] /;
const _GHA_CMD = /^##\[(?:group|endgroup|error|warning|notice|debug|command|section)\]/;
const _GHA_WF =
  /^::(?:error|warning|notice|debug|group|endgroup|add-mask|set-output|stop-commands)/;
const _PHP_FRAME = /^#\d+ (?:\S+\.php\(\d+\): |\{main\}|\[internal function\]: )/;
const _BUILDKIT = /^#\d+ /;
const _SYSLOG_PRI = /^<\d{1,3}>/;
const _SYSLOG_3164 = /^[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \S+ [^\s:]+: /;
const _KLOG = /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d{6}\s+\d+ [\w.-]+:\d+\] /;
const _RUBY_LOGGER = /^[DIWEFA], \[\d{4}-\d{2}-\d{2}T[\d:.]+ #\d+\]\s+\w+ -- /;
const _DOTNET_CONSOLE = /^(?:info|warn|fail|crit|dbug|trce): [\w.]+\[\d+\]/;
const _PY_BASIC = /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):(?:[\w.]+:|\s{2,})/;
const _PY_EXC =
  /^(?:ModuleNotFoundError|ImportError|KeyError|ValueError|AttributeError|IndentationError|NameError|ZeroDivisionError|FileNotFoundError|IndexError|PermissionError|UnicodeDecodeError|NotImplementedError|RecursionError|subprocess\.CalledProcessError|SyntaxError: invalid syntax)\b/;
const _JS_EXC = /^(?:TypeError|ReferenceError|RangeError|SyntaxError: Unexpected token|Uncaught )/;
const _JAVA_EXC = /^(?:[a-z][\w]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable)(?::|$)/;
const _LOGFMT = /^[A-Za-z_][\w.-]*=(?:"[^"]*"|\S*)(?: [A-Za-z_][\w.-]*=(?:"[^"]*"|\S*)){2}/;
const _COMPOSE = /^[\w.-]+(?:-\d+)?\s+\| /;
const _TAIL_JAVA =
  /^(?:[\w$.-]+\.(?:java|kt|kts|scala|groovy|clj):\d+|Native Method|Unknown Source)$/;
const _TAIL_NODE = /:\d+:\d+$|^native$|^index \d+$|<anonymous>|^node:/;
const _END_NODE = /:\d+:\d+$/;
const _FRAME_DOTNET = / in \S.*:line \d+$|^\s+at [\w.`<>$[\],]+\([^:]*\)$/;
const _FRAME_PY = /^\s+File "[^"]+", line \d+/;
const _FRAME_GO = /^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;
const _FRAME_RUST =
  /\.rs:\d+(?::\d+)?$|^\s+at \/rustc\/|^\s+\d+: (?:[\w<>]+::)+[\w<>{}#]+|^\s+--> \S+\.rs:\d+/;
const _FRAME_RUBY = /^\s+from \S+\.rb:\d+:in [`']|^\s*\S+\.rb:\d+:in [`']/;

/** ASCII digit test on a char code. */
function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Classifies one line: the format whose shape it has, or `undefined` when the line
 * has no recognizable shape (blank lines and plain messages included).
 *
 * Cheap enough to run on every line: it dispatches on the first character and
 * tries only the few anchored patterns that can start with it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectLineFormat } from "./line_format.ts";
 * assert.ok(detectLineFormat("Traceback (most recent call last):") === "python");
 * assert.ok(detectLineFormat("    at Object.<anonymous> (/app/index.js:3:9)") === "node");
 * assert.ok(detectLineFormat('{"level":"info","msg":"ready"}') === "json");
 * assert.ok(detectLineFormat("hello world") === undefined);
 * ```
 */
export function detectLineFormat(line: string): LogFormat | undefined {
  const c = line.charCodeAt(0);
  if (c !== c) return undefined; // empty line (NaN)
  if (_isDigit(c)) return _digitLine(line);
  switch (c) {
    case 123: // {
      return _jsonLine(line);
    case 32: // space
    case 9: // tab
      return _indentedLine(line);
    case 91: // [
      return _bracketLine(line);
    case 35: // #
      if (_GHA_CMD.test(line)) return "github-actions";
      if (_PHP_FRAME.test(line)) return "php";
      if (_BUILDKIT.test(line)) return "docker";
      return undefined;
    case 58: // :
      return _GHA_WF.test(line) ? "github-actions" : undefined;
    case 60: // <
      return _SYSLOG_PRI.test(line) ? "syslog" : undefined;
    case 40: // (
      return line.startsWith("(node:") ? "node" : undefined;
    case 47: // /
      return _FRAME_RUBY.test(line) ? "ruby" : _FRAME_GO.test(line) ? "go" : undefined;
  }
  return _wordLine(line, c);
}

function _jsonLine(line: string): LogFormat | undefined {
  if (line.startsWith('{"log":"')) return "docker";
  let end = line.length - 1;
  while (end > 0 && line.charCodeAt(end) <= 32) end--;
  if (line.charCodeAt(end) !== 125 || line.indexOf('"') < 0) return undefined; // }
  if (line.startsWith('{"kind":"Event","apiVersion":"audit.k8s.io')) return "kubernetes";
  return "json";
}

function _indentedLine(line: string): LogFormat | undefined {
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  if (i === line.length) return undefined;
  const c = line.charCodeAt(i);
  if (c === 97 && line.startsWith("at ", i)) return _atFrame(line); // a
  if (c === 70 && _FRAME_PY.test(line)) return "python"; // F
  if (c === 102 && _FRAME_RUBY.test(line)) return "ruby"; // f
  if (c === 46 && /^\s+\.\.\. \d+ (?:more|common frames omitted)$/.test(line)) return "java"; // .
  if (c === 45 && line.startsWith("---> ", i)) return "docker"; // -
  if (c === 45 && line.startsWith("--> ", i)) return _FRAME_RUST.test(line) ? "rust" : undefined;
  if (c === 67 && /^\s+Compiling \S+ v\d/.test(line)) return "rust"; // C
  if (_isDigit(c)) return _FRAME_RUST.test(line) ? "rust" : undefined;
  if (c === 47 || (c >= 65 && c <= 90 && line.charCodeAt(i + 1) === 58)) { // / or C:
    if (_FRAME_GO.test(line)) return "go";
    if (_FRAME_RUBY.test(line)) return "ruby";
  }
  return undefined;
}

/** An `at …` stack frame: told apart by what is inside its last parentheses. */
function _atFrame(line: string): LogFormat | undefined {
  if (line.includes(".rs:") || line.includes("/rustc/")) return "rust";
  const end = line.length;
  if (line.charCodeAt(end - 1) === 41) { // )
    const tail = line.slice(line.lastIndexOf("(") + 1, end - 1);
    if (_TAIL_JAVA.test(tail)) return "java";
    if (_TAIL_NODE.test(tail)) return "node";
    if (tail.indexOf(":") < 0 && _FRAME_DOTNET.test(line)) return "dotnet";
    return undefined;
  }
  if (_END_NODE.test(line)) return "node";
  if (line.includes(":line ") && _FRAME_DOTNET.test(line)) return "dotnet";
  return undefined;
}

function _digitLine(line: string): LogFormat | undefined {
  const c2 = line.charCodeAt(2);
  const c4 = line.charCodeAt(4);
  if (c4 === 45 && line.charCodeAt(7) === 45) { // YYYY-MM-
    // Cheap guards on fixed positions and separators before each pattern.
    const c10 = line.charCodeAt(10);
    const c19 = line.charCodeAt(19);
    if (c10 === 84) { // T
      if (line.charCodeAt(27) === 90 && _GHA_TS.test(line)) return "github-actions";
      const std = line.indexOf(" std");
      if (std > 0 && std < 40 && _CRI.test(line)) return "kubernetes";
    }
    const dashes = line.indexOf(" --- ");
    if (dashes > 0 && dashes < 64 && _SPRING.test(line)) return "java";
    if (line.charCodeAt(24) === 45) { // "YYYY-MM-DD HH:MM:SS,mmm - "
      if (_ZK_LOG4J.test(line)) return "java";
      if (_PY_STD.test(line)) return "python";
    }
    if (c19 === 46 && _OSLO.test(line)) return "python";
    const tab = line.indexOf("\t");
    if (tab > 0 && tab < 40 && _ZAP.test(line)) return "go";
    if (c10 === 84 && _TRACING.test(line)) return "rust";
    if (_LOG4J.test(line)) return "java";
    if (c19 === 44 && _PY_LOGGER.test(line)) return "python";
    return undefined;
  }
  if (c4 === 47) { // YYYY/
    if (_NGINX_ERR.test(line)) return "nginx";
    if (_GO_STD.test(line)) return "go";
    return undefined;
  }
  if (c2 === 47 && _SPARK.test(line)) return "java"; // yy/MM/dd
  if (c2 === 45 && _LOGCAT.test(line)) return "android"; // MM-dd
  if (line.charCodeAt(6) === 32 && _HDFS.test(line)) return "java";
  if (_isClf(line)) return "apache";
  return _logfmtOrCompose(line);
}

function _bracketLine(line: string): LogFormat | undefined {
  const c1 = line.charCodeAt(1);
  if (_isDigit(c1)) {
    if (_PHP_TS.test(line)) return "php";
    if (_MONOLOG.test(line)) return "php";
    if (_ENV_LOGGER.test(line)) return "rust";
    if (_AIRFLOW.test(line) || _GUNICORN.test(line)) return "python";
    return undefined;
  }
  if (_APACHE_ERR.test(line)) return "apache";
  if (_MAVEN.test(line)) return "java";
  if (line.startsWith("[Nest] ")) return "node";
  if (line.startsWith("[GIN")) return "go";
  return undefined;
}

function _wordLine(line: string, c: number): LogFormat | undefined {
  switch (c) {
    case 84: // T
      if (line.startsWith("Traceback (most recent call last):")) return "python";
      if (line.startsWith("TypeError")) return "node";
      break;
    case 69: // E
      if (line.startsWith("Exception in thread ")) return "java";
      break;
    case 67: // C
      if (line.startsWith("Caused by: ")) return "java";
      break;
    case 103: // g
      if (/^goroutine \d+ \[/.test(line)) return "go";
      break;
    case 112: // p
      if (line.startsWith("panic: ")) return "go";
      break;
    case 99: // c
      if (line.startsWith("created by ")) return "go";
      break;
    case 116: // t
      if (/^thread '[^']*' (?:panicked at|has overflowed)/.test(line)) return "rust";
      break;
    case 101: // e
      if (/^error\[E\d{4}\]/.test(line) || line.startsWith("error: could not compile `")) {
        return "rust";
      }
      break;
    case 110: // n
      if (/^npm (?:ERR!|error|WARN|warn|notice) /.test(line)) return "node";
      if (line.startsWith("note: run with `RUST_BACKTRACE")) return "rust";
      break;
    case 80: // P
      if (/^PHP (?:Fatal error|Warning|Notice|Parse error|Deprecated|Stack trace):/.test(line)) {
        return "php";
      }
      break;
    case 85: // U
      if (line.startsWith("Unhandled exception. ")) return "dotnet";
      if (line.startsWith("Uncaught ")) return "node";
      break;
    case 83: // S
      if (/^Step \d+\/\d+ : /.test(line)) return "docker";
      break;
    case 102: // f
      if (line.startsWith("fatal error: all goroutines are asleep")) return "go";
      break;
  }
  if (c >= 65 && c <= 90) { // A-Z
    if (_SYSLOG_3164.test(line)) return "syslog";
    if (_KLOG.test(line)) return "kubernetes";
    if (_RUBY_LOGGER.test(line)) return "ruby";
    if (_PY_BASIC.test(line) || _PY_EXC.test(line)) return "python";
    if (_JS_EXC.test(line)) return "node";
  }
  if (c >= 97 && c <= 122) { // a-z
    if (_DOTNET_CONSOLE.test(line)) return "dotnet";
    if (_JAVA_EXC.test(line)) return "java";
  }
  if (_isClf(line)) return "apache";
  return _logfmtOrCompose(line);
}

/** Common/combined log format, guarded by its `] "` separator. */
function _isClf(line: string): boolean {
  const sep = line.indexOf('] "');
  return sep > 20 && sep < 200 && _CLF.test(line);
}

function _logfmtOrCompose(line: string): LogFormat | undefined {
  const eq = line.indexOf("=");
  if (eq > 0 && eq < 64 && _LOGFMT.test(line)) return "logfmt";
  const bar = line.indexOf("|");
  if (bar > 0 && bar < 64 && _COMPOSE.test(line)) return "docker";
  return undefined;
}
