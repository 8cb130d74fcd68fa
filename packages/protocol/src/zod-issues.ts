/** Issues listed in full, the rest only counted: enough to fix a tool call in one go, short enough for a log line. */
const MAX_LISTED_ISSUES = 5;

/**
 * The one wording of a failed zod parse, for the session log, error frames and the model:
 * `files.0.path: Too small; total: Invalid input; and 2 more`. Takes any issue shape with a
 * path and a message, so callers need not name zod's issue union.
 */
export function describeZodIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): string {
  if (issues.length === 0) return 'invalid';
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map(({ path, message }) =>
    path.length === 0 ? message : `${path.map(String).join('.')}: ${message}`,
  );
  const more = issues.length - listed.length;
  return [...listed, ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
}
