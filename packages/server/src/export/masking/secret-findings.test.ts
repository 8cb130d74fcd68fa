import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretFindings } from './secret-findings';
import { MASK_ALL } from './mask-settings';
import { TextMasker } from './text-masker';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

/** One sample of each kind the issue names, in the text a card would show. */
const KINDS: readonly [rule: string, text: string, secret: string][] = [
  ['aws-access-key-id', 'key = AKIAQYLPMN5HHHFPZAM2', 'AKIAQYLPMN5HHHFPZAM2'],
  ['aws-secret-access-key', 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY'],
  ['gcp-api-key', `const key = "AIza${'Sy3xample0Key1abcdefghijklmnopqrs'.padEnd(35, 'x')}";`, `AIza${'Sy3xample0Key1abcdefghijklmnopqrs'.padEnd(35, 'x')}`],
  ['github-token', 'token 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', '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'],
  ['gitlab-pat', 'GITLAB=glpat-abcdefghij0123456789', 'glpat-abcdefghij0123456789'],
  ['slack-token', 'xoxb-123456789012-1234567890123-abcdefghijabcdefghijabcd', 'xoxb-123456789012-1234567890123-abcdefghijabcdefghijabcd'],
  ['npm-access-token', '//registry.npmjs.org/:_authToken=npm_abcdefghijABCDEFGHIJ0123456789abcdef', 'npm_abcdefghijABCDEFGHIJ0123456789abcdef'],
  ['openai-token', 'OPENAI_API_KEY=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', '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'],
  ['anthropic-api-key', `ANTHROPIC_API_KEY=sk-ant-api03-${'a1B2'.repeat(23)}aAA`, `sk-ant-api03-${'a1B2'.repeat(23)}aAA`],
  ['jwt', 'Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'],
  ['basic-auth', 'git clone https://deploy:hunter2hunter2@git.example.com/shop.git', 'hunter2hunter2'],
  ['private-key', privateKey, privateKey.split('\n')[1]!],
];

async function scan(texts: readonly string[], dotenv = false) {
  const findings = new SecretFindings();
  for (const [index, text] of texts.entries()) await findings.add(text, index, 'read', dotenv);
  return findings.result();
}

describe('secret findings (secretlint recommended + gitleaks GitLab/JWT/GCP)', () => {
  it.each(KINDS)('finds %s and masks it as •••• (rule)', async (rule, text, secret) => {
    const result = await scan([text]);
    expect(result.findings.map((finding) => finding.rule)).toEqual([rule]);
    const masked = new TextMasker(result.literals, MASK_ALL).mask(text);
    expect(masked).toContain(`•••• (${rule})`);
    expect(masked).not.toContain(secret);
  });

  it('hides only the password of a URL, not the user or the host', async () => {
    const text = 'git clone https://deploy:hunter2hunter2@git.example.com/shop.git';
    const result = await scan([text]);
    expect(new TextMasker(result.literals, MASK_ALL).mask(text)).toBe('git clone https://deploy:•••• (basic-auth)@git.example.com/shop.git');
  });

  it("hides a private key's lines one by one too, as a read card holds them", async () => {
    const result = await scan([privateKey]);
    const masker = new TextMasker(result.literals, MASK_ALL);
    const lines = privateKey.trim().split('\n');
    expect(masker.mask(lines[0]!)).toBe('-----BEGIN PRIVATE KEY-----');
    // Every full line of the key's body; a short last line (a few characters of its tail) may stay.
    const body = lines.slice(1, -1).filter((line) => line.length >= 16);
    expect(body.length).toBeGreaterThan(5);
    for (const line of body) expect(masker.mask(line)).toBe('•••• (private-key)');
  });

  it('says each value once with a stable id, the events it is in, and a sample that is not the value', async () => {
    const token = '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';
    const first = await scan([`a ${token}`, `b ${token} and ${token}`, 'nothing']);
    const again = await scan([`c ${token}`]);
    expect(first.findings).toHaveLength(1);
    expect(first.findings[0]).toMatchObject({ rule: 'github-token', label: 'GitHub token', count: 2, where: ['#0 read', '#1 read'], sample: 'ghp_••••' });
    expect(again.findings[0]!.id).toBe(first.findings[0]!.id);
    expect(first.findings[0]!.id).toMatch(/^github-token-[0-9a-f]{10}$/);
  });

  it('takes the values of a .env file (not plain or short ones), and only when the text came from one', async () => {
    const env = 'DB_PASSWORD=s3cr3t-Passw0rd!\nPORT=3000\nDEBUG=true\nNAME="my-shop-production-42"\nEMPTY=';
    expect((await scan([env])).findings).toEqual([]);
    const result = await scan([env], true);
    expect(result.findings.map((finding) => finding.sample)).toEqual(['s3cr••••', 'my-s••••']);
    expect(new TextMasker(result.literals, MASK_ALL).mask(env)).toBe('DB_PASSWORD=•••• (dotenv-value)\nPORT=3000\nDEBUG=true\nNAME="•••• (dotenv-value)"\nEMPTY=');
  });

  it('scans thousands of strings in batches and places each hit in its own event', async () => {
    const texts = Array.from({ length: 5_000 }, (_, index) => (index === 4_321 ? 'leaked AKIAQYLPMN5HHHFPZAM2 here' : `line ${index} of ordinary text`));
    const result = await scan(texts);
    expect(result.findings).toEqual([expect.objectContaining({ rule: 'aws-access-key-id', where: ['#4321 read'], count: 1 })]);
  });
});
