interface IssueList {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** First message per field of a contract schema's failed parse (metadata.title maps to title). */
export function fieldErrors(error: IssueList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[issue.path.length - 1] ?? '_');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
