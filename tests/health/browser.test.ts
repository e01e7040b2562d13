// The status page in a real browser: headless Chromium (Debian package `chromium`) driven by
// playwright-core. CI installs chromium (.ci/run); without it this test fails with a clear message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "../_helpers/chromium.ts";
import { createHandler } from "../../health/handler.ts";
import { Monitor } from "../../health/monitor.ts";
import { parseConfig } from "../../health/config.ts";
import { dial, openListener } from "../_helpers/health.ts";

test("browser: the status page renders the table and a row turns unhealthy when its port closes", async () => {
  const web = openListener();
  const db = openListener();
  const dbPort = db.port;
  const config = parseConfig(`server: { name: "Fleet <1>", timeout: 1s }
checks:
  - { host: 127.0.0.1, port: ${web.port}, name: web, description: "front <end>" }
  - { host: 127.0.0.1, port: ${dbPort}, name: db, description: primary }
`);
  const handler = createHandler({ monitor: new Monitor({ dial, config }) });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  const userDataDir = Deno.makeTempDirSync({ prefix: "porthealth-chromium-" });
  // A fresh profile each run (playwright passes it as --user-data-dir).
  const browser = await launchChromium(userDataDir);
  try {
    const page = browser.pages()[0] ?? await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      // a 503 from /health is expected while a check is down
      if (m.type() === "error" && !/status of 503/.test(m.text())) errors.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${server.addr.port}/?refresh=1`);
    assert.equal(await page.locator("h1").textContent(), "Fleet <1>");
    const row = (name: string) => page.locator("#checks tbody tr", { hasText: name });
    await row("db").locator("td.status", { hasText: /^healthy$/ }).waitFor({ timeout: 10_000 });
    assert.equal(await page.locator("#checks tbody tr").count(), 2);
    assert.equal(await row("web").locator("td.description").textContent(), "front <end>");
    assert.match(await row("web").locator("td.latency").textContent() ?? "", /^\d+\.\d ms$/);
    assert.equal(await page.locator("#overall").textContent(), "healthy");

    await db.close();
    await row("db").locator("td.status", { hasText: "unhealthy" }).waitFor({ timeout: 10_000 });
    assert.equal(await row("db").getAttribute("class"), "unhealthy");
    assert.equal(await row("db").locator("td.error").textContent(), "refused: connection refused");
    assert.equal(await row("web").locator("td.status").textContent(), "healthy");
    assert.equal(await page.locator("#overall").textContent(), "unhealthy");
    assert.match(await page.locator("#message").textContent() ?? "", /db \(connection refused\)/);

    const again = openListener(dbPort);
    try {
      await row("db").locator("td.status", { hasText: /^healthy$/ }).waitFor({ timeout: 10_000 });
    } finally {
      await again.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await web.close();
    await db.close();
    await server.shutdown();
    Deno.removeSync(userDataDir, { recursive: true });
  }
});

// Where the status-page screenshot goes (dist/ is git-ignored); the test prints the path.
const SCREENSHOT = new URL("../../dist/screenshots/porthealth-status.png", import.meta.url);

test("browser: history strip, uptime and since refresh from /health without a reload; screenshot", async () => {
  const web = openListener();
  const db = openListener();
  const config = parseConfig(
    `server: { name: Fleet, interval: 300ms, timeout: 200ms, failure_threshold: 2 }
checks:
  - { host: 127.0.0.1, port: ${web.port}, name: web, description: front }
  - { host: 127.0.0.1, port: ${db.port}, name: db, description: primary }
`,
  );
  const monitor = new Monitor({ dial, config });
  monitor.start();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createHandler({ monitor }),
  );
  const userDataDir = Deno.makeTempDirSync({ prefix: "porthealth-chromium-" });
  const browser = await launchChromium(userDataDir);
  try {
    const page = browser.pages()[0] ?? await browser.newPage();
    await page.setViewportSize({ width: 1400, height: 400 });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 503/.test(m.text())) errors.push(m.text());
    });
    let navigations = 0;
    page.on("framenavigated", () => navigations++);
    await page.goto(`http://127.0.0.1:${server.addr.port}/?refresh=1`);
    const row = (name: string) => page.locator("#checks tbody tr", { hasText: name });
    const strip = (name: string) => row(name).locator(".strip");
    const length = async (name: string) =>
      ((await strip(name).getAttribute("data-history")) ?? "").length;
    // a few refreshes: the strip grows with every round
    const t0 = performance.now();
    while ((await length("db")) < 4 && performance.now() - t0 < 10_000) {
      await page.waitForTimeout(200);
    }
    assert.ok((await length("db")) >= 4, `db history ${await length("db")}`);
    assert.equal(await row("db").locator("td.uptime").textContent(), "100.0%");
    assert.match(
      await row("db").locator("td.since").textContent() ?? "",
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ \((\d+m )?\d+s\)$/,
    );
    assert.equal(await strip("db").locator("i.down").count(), 0);

    await db.close();
    await row("db").locator("td.status", { hasText: "unhealthy" }).waitFor({ timeout: 10_000 });
    const history = (await strip("db").getAttribute("data-history")) ?? "";
    assert.match(history, /^1+00+$/, history); // two failures before it flipped
    assert.equal(await strip("db").locator("i.down").count(), 1);
    assert.equal(await strip("db").locator("i.ok").count(), 1);
    const uptime = Number((await row("db").locator("td.uptime").textContent())?.replace("%", ""));
    assert.ok(uptime > 0 && uptime < 100, `uptime ${uptime}`);
    assert.equal(await row("web").locator("td.uptime").textContent(), "100.0%");
    assert.equal(await page.locator("#overall").textContent(), "unhealthy");
    assert.match(await page.locator("#updated").textContent() ?? "", /ms before/);
    assert.equal(navigations, 1, "the page reloaded");

    Deno.mkdirSync(new URL(".", SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: true });
    const png = Deno.readFileSync(SCREENSHOT);
    assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
    assert.ok(png.length > 5_000, `${png.length} bytes`);
    console.log(`status page screenshot: ${SCREENSHOT.pathname}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    monitor.stop();
    await web.close();
    await db.close();
    await server.shutdown();
    Deno.removeSync(userDataDir, { recursive: true });
  }
});
