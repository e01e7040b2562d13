/**
 * Transpiling the npm package's modules (see `scripts/build_npm.ts`): JavaScript with
 * `transpileModule`, declarations with `transpileDeclaration` and
 * `isolatedDeclarations` (an unannotated constant of evident type declared with it,
 * and a warning), relative `.ts` specifiers rewritten to `.js`, and a check that every
 * emitted specifier names an emitted file.
 *
 * @module
 */

import ts from "typescript";
import { dirname, join } from "node:path";

const _COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  useDefineForClassFields: true,
  rewriteRelativeImportExtensions: true,
  newLine: ts.NewLineKind.LineFeed,
};

/** Transpiles one module: its JavaScript and its declarations (`.ts` specifiers → `.js`). */
export function transpile(
  rel: string,
  text: string,
  problems: string[],
  warnings: string[],
): { js: string; dts: string } {
  const js = ts.transpileModule(text, {
    fileName: rel,
    reportDiagnostics: true,
    compilerOptions: _COMPILER_OPTIONS,
  });
  for (const d of js.diagnostics ?? []) problems.push(_where(rel, d));
  const declare = (source: string) =>
    ts.transpileDeclaration(source, {
      fileName: rel,
      reportDiagnostics: true,
      compilerOptions: { ..._COMPILER_OPTIONS, declaration: true, isolatedDeclarations: true },
    });
  let dts = declare(text);
  // An exported constant without an annotation whose type is evident from its syntax
  // (`64 * 1024`, a regular expression, a template) is declared with that type, and
  // the build says so; any other isolatedDeclarations error refuses the module.
  const edits = _evidentAnnotations(rel, text, dts.diagnostics ?? [], warnings);
  if (edits.length) {
    let patched = text;
    for (const [at, annotation] of edits.sort((a, b) => b[0] - a[0])) {
      patched = patched.slice(0, at) + annotation + patched.slice(at);
    }
    dts = declare(patched);
  }
  for (const d of dts.diagnostics ?? []) problems.push(_where(rel, d));
  return { js: js.outputText, dts: _rewriteSpecifiers(rel, dts.outputText) };
}

function _where(rel: string, d: ts.Diagnostic): string {
  const line = d.file && d.start !== undefined
    ? d.file.getLineAndCharacterOfPosition(d.start).line + 1
    : 1;
  return `${rel}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
}

/** TS9010 "Variable must have an explicit type annotation with --isolatedDeclarations." */
const _TS_NEEDS_ANNOTATION = 9010;

/** Annotations (`[offset, ": number"]`) for unannotated constants of evident type. */
function _evidentAnnotations(
  rel: string,
  text: string,
  diagnostics: readonly ts.Diagnostic[],
  warnings: string[],
): Array<[number, string]> {
  const wanted = diagnostics.filter((d) => d.code === _TS_NEEDS_ANNOTATION);
  if (!wanted.length) return [];
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const byStart = new Map<number, ts.VariableDeclaration>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      byStart.set(node.name.getStart(sf), node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const edits: Array<[number, string]> = [];
  for (const d of wanted) {
    const decl = d.start === undefined ? undefined : byStart.get(d.start);
    const type = decl?.initializer && !decl.type ? _evidentType(decl.initializer) : undefined;
    if (!decl || !type) continue;
    edits.push([decl.name.getEnd(), `: ${type}`]);
    const line = sf.getLineAndCharacterOfPosition(decl.name.getStart(sf)).line + 1;
    warnings.push(
      `${rel}:${line}: ${decl.name.getText(sf)} has no type annotation; declared as ${type}`,
    );
  }
  return edits;
}

/** The type of an expression made only of literals, when its syntax fixes it. */
function _evidentType(e: ts.Expression): "number" | "string" | "RegExp" | undefined {
  if (ts.isParenthesizedExpression(e)) return _evidentType(e.expression);
  if (ts.isRegularExpressionLiteral(e)) return "RegExp";
  if (ts.isNumericLiteral(e)) return "number";
  if (
    ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)
  ) {
    return "string";
  }
  if (ts.isPrefixUnaryExpression(e)) {
    const numeric = [ts.SyntaxKind.MinusToken, ts.SyntaxKind.PlusToken, ts.SyntaxKind.TildeToken];
    return numeric.includes(e.operator) && _evidentType(e.operand) === "number"
      ? "number"
      : undefined;
  }
  if (ts.isBinaryExpression(e)) {
    const left = _evidentType(e.left);
    const right = _evidentType(e.right);
    if (!left || !right || left === "RegExp" || right === "RegExp") return undefined;
    if (e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return left === "string" || right === "string" ? "string" : "number";
    }
    const arithmetic = [
      ts.SyntaxKind.AsteriskToken,
      ts.SyntaxKind.SlashToken,
      ts.SyntaxKind.PercentToken,
      ts.SyntaxKind.MinusToken,
      ts.SyntaxKind.AsteriskAsteriskToken,
      ts.SyntaxKind.LessThanLessThanToken,
      ts.SyntaxKind.GreaterThanGreaterThanToken,
      ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
      ts.SyntaxKind.AmpersandToken,
      ts.SyntaxKind.BarToken,
      ts.SyntaxKind.CaretToken,
    ];
    return left === "number" && right === "number" && arithmetic.includes(e.operatorToken.kind)
      ? "number"
      : undefined;
  }
  return undefined;
}

/** Rewrites relative `.ts` specifiers in a declaration file to `.js`. */
function _rewriteSpecifiers(rel: string, dts: string): string {
  const sf = ts.createSourceFile(rel.replace(/\.ts$/, ".d.ts"), dts, ts.ScriptTarget.ES2022, true);
  const edits: Array<[number, number, string]> = [];
  const fix = (lit: ts.StringLiteralLike) => {
    const s = lit.text;
    if ((s.startsWith("./") || s.startsWith("../")) && s.endsWith(".ts") && !s.endsWith(".d.ts")) {
      edits.push([lit.getStart(sf), lit.getEnd(), JSON.stringify(s.slice(0, -3) + ".js")]);
    }
  };
  _forEachSpecifier(sf, fix);
  let out = dts;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) {
    out = out.slice(0, start) + text + out.slice(end);
  }
  return out;
}

/** Checks that every relative specifier of the emitted files names an emitted file. */
export function checkEmitted(files: ReadonlyMap<string, string>, problems: string[]): void {
  for (const [path, text] of files) {
    if (!path.endsWith(".js") && !path.endsWith(".d.ts")) continue;
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const check = (lit: ts.StringLiteralLike) => {
      const s = lit.text;
      if (!s.startsWith("./") && !s.startsWith("../")) return;
      let target = join(dirname(path), s).split("\\").join("/");
      if (path.endsWith(".d.ts")) target = target.replace(/\.js$/, ".d.ts");
      if (!files.has(target)) {
        const line = sf.getLineAndCharacterOfPosition(lit.getStart(sf)).line + 1;
        problems.push(`npm/${path}:${line}: "${s}" does not name a file of the package`);
      }
    };
    _forEachSpecifier(sf, check);
  }
}

/** Calls `fn` with every literal module specifier of an emitted file: `import`/`export … from`,
 * `import("…")` and `import("…")` types. */
function _forEachSpecifier(sf: ts.SourceFile, fn: (lit: ts.StringLiteralLike) => void): void {
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
    ) fn(node.moduleSpecifier);
    else if (
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])
    ) fn(node.arguments[0]);
    else if (
      ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) fn(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
