import { lintSource } from '@secretlint/core';
import { creator as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';

/** A secret found in a text: which rule, and where (`[start, end)` in UTF-16 units); `inner` is the part to hide when not all of it. */
export interface SecretHit {
  rule: string;
  start: number;
  end: number;
  inner?: { start: number; end: number };
}

/**
 * The kept rule set: secretlint's recommended preset (AWS, GCP service accounts, GitHub, npm,
 * Slack, OpenAI, Anthropic, SendGrid, Shopify, Linear, 1Password, private keys, basic auth in
 * URLs, database connection strings), with its AWS access-key-id scan turned on. secretlint
 * has no rule for GitLab tokens, JWTs or GCP API keys: those three come from gitleaks'
 * published rules (config/gitleaks.toml, MIT), ids `gitlab-pat`, `jwt`, `gcp-api-key`.
 */
const CONFIG = {
  rules: [
    {
      id: '@secretlint/secretlint-rule-preset-recommend',
      rule: recommendedRules,
      rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
    },
  ],
};

/** gitleaks' rules (its regexes, the trailing boundary group kept as a lookahead). */
const GITLEAKS_RULES: readonly { rule: string; pattern: RegExp }[] = [
  { rule: 'gitlab-pat', pattern: /glpat-[\w-]{20}/g },
  { rule: 'jwt', pattern: /\bey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9/\\_-]{17,}\.(?:[a-zA-Z0-9/\\_-]{10,}={0,2})?(?=['"\n\r\s`;]|$)/g },
  { rule: 'gcp-api-key', pattern: /\bAIza[\w-]{35}(?=['"\n\r\s`;]|$)/g },
];

/** Finds the secrets in `text` (one call scans a batch of many strings joined). */
export async function findSecrets(text: string): Promise<SecretHit[]> {
  const hits: SecretHit[] = [];
  // No real file: the name only tells secretlint it is plain text (no .p12/.json readers run).
  const result = await lintSource({
    source: { filePath: 'toolcards-export.txt', content: text, contentType: 'text' },
    options: { config: CONFIG, maskSecrets: false },
  });
  for (const message of result.messages) {
    const [start, end] = message.range;
    const rule = ruleIdOf(message.messageId ?? message.ruleId);
    hits.push({ rule, start, end, ...innerOf(rule, text.slice(start, end), start) });
  }
  for (const { rule, pattern } of GITLEAKS_RULES) {
    for (const match of text.matchAll(pattern)) hits.push({ rule, start: match.index, end: match.index + match[0].length });
  }
  return hits;
}

/** secretlint's message ids (`AWSAccessKeyID`, `GITHUB_TOKEN`, `BasicAuth`) as kebab-case rule ids. */
export function ruleIdOf(messageId: string): string {
  const words = messageId.replace(/^@secretlint\/secretlint-rule-/, '').match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? [messageId];
  return words.map((word) => word.toLowerCase()).join('-');
}

/** Basic auth in a URL: only the password is hidden (`https://user:•••• (basic-auth)@host`). */
function innerOf(rule: string, value: string, offset: number): Pick<SecretHit, 'inner'> {
  if (rule !== 'basic-auth') return {};
  const password = /^[a-z][\w+.-]*:\/\/[^:@/\s]*:([^@\s]+)@/i.exec(value);
  if (!password?.[1]) return {};
  const start = offset + password[0].length - 1 - password[1].length;
  return { inner: { start, end: start + password[1].length } };
}
