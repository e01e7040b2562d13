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
