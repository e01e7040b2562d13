import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../../_helpers/property.ts";
import {
  createFormatDetector,
  detectFormat,
  detectLineFormat,
  KNOWN_LOG_FORMATS,
  type LogFormat,
} from "../../../trim/classify/format.ts";

/** Representative lines of every format, as the tools print them. */
const LINES: ReadonlyArray<readonly [LogFormat, string]> = [
  ["node", "    at Object.<anonymous> (/app/src/index.js:12:9)"],
  ["node", "    at async Promise.all (index 0)"],
  ["node", "    at processTicksAndRejections (node:internal/process/task_queues:95:5)"],
  ["node", "(node:4242) UnhandledPromiseRejectionWarning: Error: boom"],
  ["node", "npm ERR! code ELIFECYCLE"],
  ["node", "TypeError: Cannot read properties of undefined (reading 'id')"],
  [
    "node",
    "[Nest] 1234  - 05/02/2024, 10:11:12 AM     LOG [NestFactory] Starting Nest application...",
  ],
  ["python", "Traceback (most recent call last):"],
  ["python", '  File "/app/main.py", line 3, in <module>'],
  ["python", "ModuleNotFoundError: No module named 'requests'"],
  ["python", "2024-05-02 10:11:12,345 - billing.invoice - ERROR - rounding failed"],
  ["python", "WARNING:urllib3.connectionpool:Retrying (Retry(total=2)) after connection broken"],
  ["python", "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)"],
  [
    "python",
    "2017-05-16 00:00:00.008 25746 INFO nova.osapi_compute.wsgi.server [req-38101a0b] GET /v2",
  ],
  ["python", "[2024-05-02, 10:11:12 UTC] {taskinstance.py:1979} INFO - Dependencies all met"],
  ["java", 'Exception in thread "main" java.lang.NullPointerException'],
  ["java", "\tat com.example.orders.OrderService.load(OrderService.java:42)"],
  ["java", "\tat java.base/java.lang.Thread.run(Thread.java:1583)"],
  ["java", "Caused by: java.sql.SQLException: Connection refused"],
  ["java", "java.lang.IllegalStateException: order 42 not found"],
  ["java", "\t... 12 more"],
  [
    "java",
    "2024-05-02T10:11:12.345Z  INFO 1 --- [           main] c.e.o.OrdersApplication  : Started",
  ],
  [
    "java",
    "2015-10-18 18:01:47,978 INFO [main] org.apache.hadoop.mapreduce.v2.app.MRAppMaster: Created",
  ],
  [
    "java",
    "17/06/09 20:10:40 INFO executor.CoarseGrainedExecutorBackend: Registered signal handlers",
  ],
  ["java", "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 terminating"],
  [
    "java",
    "2015-07-29 17:41:44,747 - INFO  [QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181:FastLeaderElection@774] - Notification",
  ],
  ["java", "[INFO] BUILD FAILURE"],
  ["go", "goroutine 1 [running]:"],
  ["go", "panic: runtime error: index out of range [5] with length 3"],
  ["go", "\t/usr/local/go/src/runtime/panic.go:914 +0x21f"],
  ["go", "created by net/http.(*Server).Serve in goroutine 1"],
  ["go", "2024/05/02 10:11:12 listening on :8080"],
  ["go", "2024-05-02T10:11:12.345Z\tINFO\tserver/server.go:42\tstarted"],
  ["go", "[GIN] 2024/05/02 - 10:11:12 | 200 |  1.2ms | 10.0.0.1 | GET /health"],
  ["rust", "thread 'main' panicked at src/main.rs:5:5:"],
  ["rust", "error[E0308]: mismatched types"],
  ["rust", "  --> src/handlers.rs:57:24"],
  ["rust", "   Compiling serde v1.0.196"],
  ["rust", "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"],
  ["rust", "  12: std::rt::lang_start_internal"],
  ["rust", "[2024-05-02T10:11:12Z INFO  my_app::server] listening on 0.0.0.0:3000"],
  ["rust", "2024-05-02T10:11:12.345678Z  INFO my_app::server: listening on 0.0.0.0:3000"],
  ["ruby", "E, [2024-05-02T10:11:12.345678 #4242] ERROR -- : boom (RuntimeError)"],
  ["ruby", "\tfrom /app/lib/orders.rb:12:in `load'"],
  ["ruby", "/app/app/models/order.rb:42:in `total': undefined method `+' for nil (NoMethodError)"],
  ["php", "PHP Fatal error:  Uncaught Error: Call to undefined function foo() in /var/www/x.php:3"],
  [
    "php",
    "[02-May-2024 10:11:12 UTC] PHP Warning:  Undefined variable $x in /var/www/x.php on line 7",
  ],
  ["php", "[2024-05-02 10:11:20] local.ERROR: SQLSTATE[42S02]: Base table or view not found"],
  ["php", "#0 /var/www/html/app/Http/Controllers/InvoiceController.php(31): Builder->get()"],
  ["php", "#1 {main}"],
  [
    "dotnet",
    "Unhandled exception. System.InvalidOperationException: Sequence contains no elements",
  ],
  ["dotnet", "   at Orders.Api.OrdersController.Get(Int32 id) in /src/OrdersController.cs:line 27"],
  ["dotnet", "   at System.Linq.Enumerable.First[TSource](IEnumerable`1 source)"],
  ["dotnet", "info: Microsoft.Hosting.Lifetime[14]"],
  ["dotnet", "fail: Microsoft.AspNetCore.Server.Kestrel[13]"],
  ["json", '{"level":"info","ts":1714644672.12,"msg":"ready"}'],
  ["json", '{"t":{"$date":"2024-05-02T10:11:12.345+00:00"},"s":"I","c":"NETWORK","msg":"ok"}  '],
  ["logfmt", 'level=info ts=2024-05-02T10:11:12Z msg="server started" port=8080'],
  ["logfmt", 'time="2024-05-02T10:11:12Z" level=warning msg="slow" ms=812'],
  ["syslog", "May  2 10:11:12 web-1 sshd[2201]: Accepted publickey for deploy from 10.0.0.5"],
  ["syslog", "Jun 14 15:16:01 combo sshd(pam_unix)[19939]: authentication failure; logname= uid=0"],
  ["syslog", "<34>1 2024-05-02T10:11:12.003Z mymachine su - ID47 - 'su root' failed"],
  [
    "apache",
    '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326',
  ],
  [
    "apache",
    'web.example.com - - [10/Oct/2000:13:55:36 +0000] "GET / HTTP/1.1" 404 12 "-" "curl/8.0"',
  ],
  [
    "apache",
    "[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok /etc/httpd/conf/workers2.properties",
  ],
  [
    "apache",
    "[Wed Oct 11 14:32:52.123456 2000] [core:error] [pid 1234] AH00037: Symbolic link not allowed",
  ],
  ["nginx", "2024/05/02 10:15:41 [error] 29#29: *1027 connect() failed (111: Connection refused)"],
  [
    "kubernetes",
    'E0502 10:11:12.345678    1234 pod_workers.go:1298] "Error syncing pod, skipping"',
  ],
  ["kubernetes", "2024-05-02T10:11:12.123456789Z stdout F GET /health 200"],
  ["kubernetes", '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","verb":"get"}'],
  ["docker", '{"log":"listening on :8080\\n","stream":"stdout","time":"2024-05-02T10:11:12Z"}'],
  ["docker", "Step 3/7 : RUN pip install -r requirements.txt"],
  ["docker", " ---> Running in 8b7c6d5e4f3a"],
  ["docker", "#6 [3/5] RUN npm ci --omit=dev"],
  ["docker", "web-1  | Listening on port 3000"],
  ["github-actions", "##[group]Run actions/checkout@v4"],
  ["github-actions", "::error file=src/app.ts,line=12::Type error"],
  ["github-actions", "2024-05-02T10:11:12.1234567Z Syncing repository: acme/web"],
  ["android", "03-17 16:13:38.811  1702  2395 D WindowManager: printFreezingDisplayLogsopening"],
];

test("detectLineFormat classifies a representative line of every format", () => {
  const failures = LINES.filter(([f, line]) => detectLineFormat(line) !== f)
    .map(([f, line]) => `${f} <- ${detectLineFormat(line)}: ${line}`);
  assert.deepEqual(failures, []);
});

test("every known format has at least one test line", () => {
  const covered = new Set(LINES.map(([f]) => f));
  for (const f of KNOWN_LOG_FORMATS) assert.ok(covered.has(f), f);
});

test("detectLineFormat returns undefined for blank and unstructured lines", () => {
  for (
    const line of [
      "",
      "   ",
      "\t",
      "hello world",
      "Done.",
      "42",
      "Error: something failed",
      "WARNING something without a colon",
      "2024-05-02 10:11:12 something happened",
      "| a | b |",
    ]
  ) {
    assert.equal(detectLineFormat(line), undefined, JSON.stringify(line));
  }
});

test("detectLineFormat never throws and returns a known format or undefined", () => {
  const known = new Set<string>(KNOWN_LOG_FORMATS);
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 200 }), (line) => {
      const f = detectLineFormat(line);
      return f === undefined || known.has(f);
    }),
    propertyParams("format_detect#1", { numRuns: 2000 }),
  );
});

test("detectFormat recognizes whole texts of each runtime", () => {
  const texts: ReadonlyArray<readonly [LogFormat, string]> = [
    [
      "python",
      'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\nValueError: bad',
    ],
    [
      "node",
      "TypeError: x is not a function\n    at run (/app/a.js:3:9)\n    at Object.<anonymous> (/app/a.js:9:1)",
    ],
    [
      "java",
      'Exception in thread "main" java.lang.IllegalStateException: boom\n\tat a.B.c(B.java:1)\n\tat a.B.main(B.java:9)',
    ],
    [
      "go",
      "panic: runtime error: invalid memory address\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:9 +0x1d",
    ],
    ["rust", "thread 'main' panicked at src/main.rs:5:5:\nboom\nnote: run with `RUST_BACKTRACE=1`"],
    ["json", '{"level":"info","msg":"a"}\n{"level":"error","msg":"b"}\n'],
    ["logfmt", "level=info msg=a ts=1\nlevel=error msg=b ts=2\r\n"],
  ];
  for (const [expected, text] of texts) assert.equal(detectFormat(text), expected, text);
});

test("detectFormat returns undefined when nothing is recognized", () => {
  assert.equal(detectFormat(""), undefined);
  assert.equal(detectFormat("just\nsome\nwords\n"), undefined);
});

test("detectFormat equals the streaming detector fed the same lines", () => {
  const lines = LINES.map(([, line]) => line).concat(["", "plain text"]);
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...lines), { maxLength: 120 }),
      fc.integer({ min: 1, max: 60 }),
      (picked, sampleSize) => {
        const d = createFormatDetector(sampleSize);
        for (const line of picked) d.observe(line);
        return detectFormat(picked.join("\n"), sampleSize) === d.format;
      },
    ),
    propertyParams("format_detect#2", { numRuns: 300 }),
  );
});
