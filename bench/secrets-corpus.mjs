// The corpus bench/secrets.mjs runs ctxpack's secret scan and secretlint's recommended preset on:
// per family, credentials with random bodies of the family's alphabet and length, each in one of
// the places a credential sits (an env file, JSON, YAML, TOML, code, a shell line, prose); and
// clean look-alikes by kind (placeholders, documentation, UUIDs, hashes, CSS classes, base64
// images, public keys, code that names secrets without holding one). Written for this bench;
// deterministic (a seeded generator), so every run scans the same texts.
//
// Each case: {family, kind: "secret" | "clean", shared, file, content}. `shared`: the family is
// one the secretlint preset covers too. `file`: the name secretlint is given (its npm rule reads
// `_authToken` only in a file named .npmrc); ctxpack scans the content alone, under a neutral name.

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = "0123456789abcdef";
const B64 = ALNUM + "+/";
const URL = ALNUM + "_-";

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function corpus({ perFamily = 20, seed = 33 } = {}) {
  const rand = rng(seed);
  const int = (n) => Math.floor(rand() * n);
  const s = (alphabet, n) => Array.from({ length: n }, () => alphabet[int(alphabet.length)]).join("");
  const pick = (xs) => xs[int(xs.length)];
  const cases = [];
  // Where a token sits: `name` is a key that does not itself say secret, so that a finding is the
  // token's own shape, not the assignment rule.
  const places = [
    (t) => ({ file: "config.env", content: `SERVICE=${t}\n` }),
    (t) => ({ file: "config.json", content: `{\n  "service": {\n    "value": "${t}"\n  }\n}\n` }),
    (t) => ({ file: "config.yml", content: `service:\n  value: "${t}"\n` }),
    (t) => ({ file: "config.toml", content: `[service]\nvalue = "${t}"\n` }),
    (t) => ({ file: "client.ts", content: `const client = new Client({ value: "${t}" });\n` }),
    (t) => ({ file: "deploy.sh", content: `curl -H "Authorization: Bearer ${t}" https://api.internal/v1\n` }),
    (t) => ({ file: "notes.md", content: `The one we used yesterday was ${t} — rotate it.\n` }),
  ];
  const token = (family, shared, make) => {
    for (let i = 0; i < perFamily; i++) cases.push({ family, kind: "secret", shared, ...pick(places)(make()) });
  };
  const whole = (family, shared, make) => {
    for (let i = 0; i < perFamily; i++) cases.push({ family, kind: "secret", shared, ...make(i) });
  };
  const clean = (family, make) => {
    for (let i = 0; i < perFamily; i++) cases.push({ family, kind: "clean", shared: true, ...make(i) });
  };
  const pemBody = (magic, lines) => {
    const body = magic + s(B64, lines * 64 - magic.length);
    return body.match(/.{1,64}/g);
  };
  const b64 = (text) => Buffer.from(text).toString("base64");

  // --- Families the secretlint preset covers.
  whole("AWS secret access key", true, (i) => {
    const key = s(B64, 40);
    return pick([
      { file: "aws.env", content: `AWS_SECRET_ACCESS_KEY=${key}\n` },
      { file: "credentials.ini", content: `[default]\naws_secret_access_key = ${key}\n` },
      { file: "aws.json", content: `{ "SecretAccessKey": "${key}" }\n` },
      { file: "aws.yml", content: `aws:\n  secret_access_key: "${key}"\n` },
      { file: "aws.ts", content: `const creds = { secretAccessKey: "${key}" };\n` },
    ]);
  });
  whole("GCP service account key", true, () => {
    const key = `-----BEGIN PRIVATE KEY-----\n${pemBody("MIIE", 12).join("\n")}\n-----END PRIVATE KEY-----\n`;
    const account = { type: "service_account", project_id: `demo-${s(DIGITS, 6)}`, private_key_id: s(HEX, 40), private_key: key, client_email: `svc@demo-${s(DIGITS, 6)}.iam.gserviceaccount.com`, client_id: s(DIGITS, 21) };
    return { file: "service-account.json", content: JSON.stringify(account, null, 2) + "\n" };
  });
  whole("private key (PEM)", true, () => {
    const [label, magic] = pick([["RSA ", "MIIE"], ["EC ", "MHcC"], ["OPENSSH ", "b3BlbnNzaC1rZXktdjEAAAAA"], ["", "MIIE"]]);
    const block = `-----BEGIN ${label}PRIVATE KEY-----\n${pemBody(magic, 6).join("\n")}\n-----END ${label}PRIVATE KEY-----\n`;
    return pick([{ file: "key.txt", content: block }, { file: "setup.md", content: `Paste this into the server:\n\n\`\`\`\n${block}\`\`\`\n` }]);
  });
  token("npm access token", true, () => `npm_${s(ALNUM, 36)}`);
  whole("npm _authToken in .npmrc", true, () => ({ file: ".npmrc", content: `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${pick([`npm_${s(ALNUM, 36)}`, `${s(HEX, 8)}-${s(HEX, 4)}-4${s(HEX, 3)}-a${s(HEX, 3)}-${s(HEX, 12)}`])}\n` }));
  whole("URL with a password", true, () => {
    const user = pick(["deploy", "app", "svc_api", "backup", "ci-bot"]);
    const pass = s(ALNUM, 10 + int(10));
    const host = pick(["db.internal.acme.io", "cluster0.abcd1.mongodb.net", "10.1.2.3", "ci.acme.io"]);
    const url = pick([`https://${user}:${pass}@${host}/hook`, `postgres://${user}:${pass}@${host}:5432/app`, `mysql://${user}:${pass}@${host}:3306/shop`, `mongodb+srv://${user}:${pass}@${host}/?retryWrites=true`, `ftp://${user}:${pass}@${host}/pub`]);
    return pick(places)(url);
  });
  token("Slack token", true, () => pick([`xoxb-${s(DIGITS, 12)}-${s(DIGITS, 13)}-${s(ALNUM, 24)}`, `xoxp-${s(DIGITS, 12)}-${s(DIGITS, 12)}-${s(DIGITS, 13)}-${s(HEX, 32)}`, `xapp-1-A${s(UPPER + DIGITS, 10)}-${s(DIGITS, 13)}-${s(HEX, 64)}`]));
  token("Slack webhook", true, () => `https://hooks.slack.com/services/T${s(UPPER + DIGITS, 8)}/B${s(UPPER + DIGITS, 10)}/${s(ALNUM, 24)}`);
  token("SendGrid", true, () => `SG.${s(URL, 22)}.${s(URL, 43)}`);
  token("Shopify", true, () => `${pick(["shpat", "shpss", "shpca", "shppa"])}_${s(HEX, 32)}`);
  token("GitHub", true, () => pick([`${pick(["ghp", "gho", "ghu", "ghs", "ghr"])}_${s(ALNUM, 36)}`, `github_pat_${s(ALNUM, 22)}_${s(ALNUM, 59)}`]));
  token("OpenAI", true, () => pick([`sk-proj-${s(URL, 74)}T3BlbkFJ${s(URL, 74)}`, `sk-${s(ALNUM, 20)}T3BlbkFJ${s(ALNUM, 20)}`, `sk-svcacct-${s(URL, 58)}T3BlbkFJ${s(URL, 58)}`]));
  token("Anthropic", true, () => `sk-ant-api03-${s(URL, 93)}AA`);
  token("Linear", true, () => `lin_api_${s(ALNUM, 40)}`);
  token("1Password", true, () => {
    let json = JSON.stringify({ email: `${s(LOWER, 13)}@1passwordserviceaccounts.com`, muk: { alg: "A256GCM", k: s(URL, 43), kty: "oct" }, secretKey: `A3-${s(UPPER + DIGITS, 6)}-${s(UPPER + DIGITS, 6)}`, srpX: s(HEX, 64) });
    while (json.length % 3 !== 1) json = json.replace("{", "{ ");
    return `ops_${b64(json)}`;
  });
  token("Groq", true, () => `gsk_${s(ALNUM, 52)}`);
  token("Hugging Face", true, () => `hf_${s(UPPER + LOWER, 34)}`);
  token("Notion", true, () => `ntn_${s(DIGITS, 11)}${s(ALNUM, 35)}`);
  token("GitLab", true, () => `glpat-${s(URL, 20)}`);
  token("Grafana", true, () => pick([`glc_${s(B64, 60)}=`, `glsa_${s(ALNUM, 32)}_${s(HEX, 8)}`]));
  token("HashiCorp Vault", true, () => `hvs.${s(URL, 95)}`);
  token("Vercel", true, () => `${pick(["vcp", "vci", "vca", "vcr", "vck"])}_${s(ALNUM, 24 + int(30))}`);
  token("Databricks", true, () => `dapi${s(HEX, 32)}`);
  token("Docker", true, () => `dckr_pat_${s(URL, 27)}`);
  token("Figma", true, () => `figd_${s(URL, 40)}`);

  // --- Beyond the preset.
  token("Tailscale", false, () => `tskey-${pick(["auth", "api", "client"])}-k${s(ALNUM, 11)}CNTRL-${s(ALNUM, 32)}`);
  token("Stripe", false, () => `${pick(["sk_live", "rk_live"])}_${s(ALNUM, 24)}`);
  token("Google API key", false, () => `AIza${s(URL, 35)}`);
  whole("secret-named key (env, JSON, YAML, TOML)", false, () => {
    const v = pick([s(ALNUM, 32), s(HEX, 40), s(B64, 44), `${s(HEX, 8)}-${s(HEX, 4)}-${s(HEX, 4)}-${s(HEX, 4)}-${s(HEX, 12)}`]);
    const key = pick(["SESSION_SECRET", "JWT_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "API_TOKEN", "SIGNING_KEY", "ENCRYPTION_KEY", "clientSecret", "api_key", "accessToken"]);
    return pick([
      { file: "app.env", content: `${key}=${v}\n` },
      { file: "app.json", content: `{\n  "${key}": "${v}"\n}\n` },
      { file: "app.yml", content: `app:\n  ${key}: ${v}\n` },
      { file: "app.toml", content: `[app]\n${key} = "${v}"\n` },
      { file: "settings.py", content: `${key} = "${v}"\n` },
    ]);
  });
  whole("password-named key", false, () => {
    const v = `${s(LOWER, 4)}${s(UPPER, 2)}${s(DIGITS, 3)}${pick(["!", "#", "%", "&", "_"])}${s(ALNUM, 3)}`;
    return pick([
      { file: "db.env", content: `DB_PASSWORD=${v}\n` },
      { file: "db.json", content: `{ "db": { "password": "${v}" } }\n` },
      { file: "db.yml", content: `database:\n  password: ${v}\n` },
      { file: "db.toml", content: `[database]\npassword = "${v}"\n` },
    ]);
  });

  // --- Clean look-alikes.
  clean("placeholders", (i) =>
    [
      { file: "README.md", content: "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n" },
      { file: "README.md", content: 'export OPENAI_API_KEY="sk-...your key..."\n' },
      { file: ".env.example", content: "AWS_SECRET_ACCESS_KEY=<your-secret-access-key>\nAWS_ACCESS_KEY_ID=<your-access-key-id>\n" },
      { file: "docker-compose.yml", content: "environment:\n  API_KEY: ${API_KEY}\n  DB_PASSWORD: ${DB_PASSWORD}\n" },
      { file: "config.yml", content: "password: ********\n" },
      { file: "aws.md", content: "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n" },
      { file: "db.md", content: "DATABASE_URL=postgres://user:password@localhost:5432/app\n" },
      { file: "auth.md", content: "curl https://username:password@example.com/api\n" },
      { file: "key.md", content: "```\n-----BEGIN RSA PRIVATE KEY-----\n***\n-----END RSA PRIVATE KEY-----\n```\n" },
      { file: "key.md", content: "-----BEGIN OPENSSH PRIVATE KEY-----\n...\n-----END OPENSSH PRIVATE KEY-----\n" },
      { file: "key.md", content: "-----BEGIN PRIVATE KEY-----\n<paste your key here>\n-----END PRIVATE KEY-----\n" },
      { file: "example.env", content: "SECRET_KEY=your-secret-key-here\nDB_PASSWORD=changeme\n" },
      { file: "slack.md", content: "Set SLACK_BOT_TOKEN to your bot token (it starts with `xoxb-`).\n" },
      { file: "mongo.md", content: "mongodb://<username>:<password>@cluster0.mongodb.net/test\n" },
      { file: ".npmrc", content: "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n" },
      { file: "vault.md", content: "VAULT_TOKEN=hvs.XXXXXXXXXXXXXXXXXXXXXXXX\n" },
      { file: "stripe.md", content: "STRIPE_SECRET_KEY=sk_live_...\n" },
      { file: "env.md", content: "JWT_SECRET=replace-me-with-a-long-random-string\n" },
      { file: "settings.py", content: 'SECRET_KEY = os.environ["SECRET_KEY"]\n' },
      { file: "README.md", content: "Create a token (`glpat-…`, `hf_…`, `SG.…`) and put it in `.env`.\n" },
    ][i % 20],
  );
  clean("documentation", (i) =>
    [
      "The AWS access key id is the public half; the secret access key is never shown again.\n",
      "Private keys start with `-----BEGIN PRIVATE KEY-----`; never commit them.\n",
      "GitHub tokens are prefixed: ghp_ for classic, github_pat_ for fine-grained tokens.\n",
      "Use `password: string` in the type and hash it with bcrypt before storing.\n",
      "Tokens: max_tokens = 4096 limits the completion; tokenizer: o200k_base.\n",
      "An npm token looks like npm_ followed by 36 characters.\n",
      "Basic auth sends user:password base64-encoded in the Authorization header.\n",
      "Slack webhooks live under https://hooks.slack.com/services/.\n",
      "Rotate the API key every 90 days; store it in the vault, not in code.\n",
      "A JWT has three parts: header.payload.signature, each base64url.\n",
    ].map((content) => ({ file: "docs.md", content }))[i % 10],
  );
  clean("UUIDs", () => ({ file: "data.json", content: `{ "id": "${s(HEX, 8)}-${s(HEX, 4)}-4${s(HEX, 3)}-a${s(HEX, 3)}-${s(HEX, 12)}", "requestId": "${s(HEX, 8)}-${s(HEX, 4)}-4${s(HEX, 3)}-b${s(HEX, 3)}-${s(HEX, 12)}" }\n` }));
  clean("hashes", () =>
    pick([
      { file: "package-lock.json", content: `"integrity": "sha512-${s(B64, 86)}=="\n` },
      { file: "CHANGELOG.md", content: `Fixed in commit ${s(HEX, 40)}.\n` },
      { file: "checksums.txt", content: `${s(HEX, 64)}  ctxpack-1.0.0.tgz\n` },
      { file: "Cargo.lock", content: `checksum = "${s(HEX, 64)}"\n` },
      { file: "go.sum", content: `golang.org/x/text v0.3.7 h1:${s(B64, 43)}=\n` },
    ]),
  );
  clean("CSS classes", () =>
    pick([
      { file: "styles.css", content: `.sk-button-primary-large-${s(LOWER, 6)} { color: red; }\n` },
      { file: "app.html", content: `<div class="hf_header-${s(LOWER, 5)} gsk_panel glc_grid shpat_row">x</div>\n` },
      { file: "theme.css", content: `.vcp_card-${s(LOWER, 8)}-title, .lin_api_doc { margin: 0 }\n` },
      { file: "tw.html", content: `<a class="px-4 py-2 text-sm font-medium sk-${s(LOWER, 10)}-link">go</a>\n` },
    ]),
  );
  // The public half of an AWS key pair: secretlint's preset leaves it alone by default too.
  clean("AWS access key ids alone", () => pick(places)(pick(["AKIA", "ASIA", "AROA", "AIDA"]) + s(UPPER + "234567", 16)));
  clean("base64 images", () => ({ file: "logo.css", content: `.logo { background: url("data:image/png;base64,iVBORw0KGgo${s(B64, 200)}=="); }\n` }));
  clean("public keys and certificates", () =>
    pick([
      { file: "pub.pem", content: `-----BEGIN PUBLIC KEY-----\n${pemBody("MIIB", 6).join("\n")}\n-----END PUBLIC KEY-----\n` },
      { file: "cert.pem", content: `-----BEGIN CERTIFICATE-----\n${pemBody("MIID", 8).join("\n")}\n-----END CERTIFICATE-----\n` },
      { file: "authorized_keys", content: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${s(B64, 43)} dev@laptop\n` },
    ]),
  );
  clean("code naming secrets", () =>
    pick([
      { file: "auth.ts", content: "const token = await getToken(user);\nconst password = hashPassword(input.password);\n" },
      { file: "db.py", content: 'password = os.environ.get("DB_PASSWORD")\n' },
      { file: "config.ts", content: "export const config = { apiKey: process.env.API_KEY, secret: process.env.APP_SECRET };\n" },
      { file: "schema.ts", content: "interface Login { username: string; password: string; token?: string }\n" },
      { file: "form.html", content: '<input type="password" name="password" placeholder="Password">\n' },
      { file: "keys.ts", content: `const cacheKey = \`user:\${id}:profile\`;\nconst sortKey = "createdAt";\n` },
      { file: "app.yml", content: "secretName: app-secrets\ntokenizer: o200k_base\nmax_tokens: 4096\n" },
    ]),
  );
  return cases;
}
