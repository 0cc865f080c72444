// Which epoch files a run of scripts/extract-openclaw-epochs.mjs may replace (issue 42: it used to delete every
// other epoch's file before writing the ones it measured). Pure, so a unit test holds the rule.

/** `2026.6.10` -> [2026, 6, 10] for ordering; anything else sorts first. */
function parts(v) {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(String(v));
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
}

/** Orders two versions, oldest first. */
export function versionCompare(a, b) {
  const x = parts(a);
  const y = parts(b);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * The plan for a run that measured `measured` releases, given the epoch files
 * on disk (`existing`: `{ file, releases }`): remove only the files of epochs
 * this run measured again (every one of their releases), keep every other
 * epoch's file, and refuse when an epoch would lose a release the run did not
 * measure (its file holds that release's facts, and only re-measuring it may
 * replace them).
 */
export function planEpochFiles(existing, measured) {
  const now = new Set(measured);
  const remove = [];
  const keep = [];
  const refuse = [];
  for (const e of existing) {
    const again = e.releases.filter((r) => now.has(r));
    if (again.length === 0) {
      keep.push(e);
    } else if (again.length === e.releases.length) {
      remove.push(e.file);
    } else {
      const missing = e.releases.filter((r) => !now.has(r));
      refuse.push(`${e.file} holds ${e.releases.join(', ')}: measure ${missing.join(', ')} too (it would lose their facts), or every release with no version`);
    }
  }
  return { remove, keep, refuse };
}
