/**
 * Which parts of OpenClaw's system prompt depend on the run's tools, and how
 * (test tooling for scripts/extract-openclaw-prompt.mjs; never shipped).
 *
 * A release's `buildAgentSystemPrompt` writes lines only when the run has a
 * tool (`availableTools.has("exec")`), or names it when it is visible
 * (`visibleTools.has("read")`). The extractor's templates come from one real
 * run (profile `full`), so a run with other tools needs those lines changed.
 * This module finds them with the release's own function: it renders the
 * prompt once for the template run's tools (the base), then once per
 * variable flipped (a tool available or not, visible or not), diffs each
 * rendering with the base line by line, and joins the changed line ranges
 * that overlap or touch into segments. Each segment records the variables
 * that change it and its text for every combination of them (rendered, not
 * composed), between two unchanged anchor lines. Random combinations of all
 * variables are rendered at the end and must equal the base with each
 * segment's text put in: the segments are then independent, and a run's
 * prompt is the template with each segment chosen by that run's tools.
 */

/** Line indices [a, b) of `base` that a line diff (LCS) of `base` -> `other` replaces, with their replacement lines. */
export function lineHunks(base, other) {
  const n = base.length;
  const m = other.length;
  // Common prefix and suffix first: renderings differ in a few lines.
  let p = 0;
  while (p < n && p < m && base[p] === other[p]) p++;
  let s = 0;
  while (s < n - p && s < m - p && base[n - 1 - s] === other[m - 1 - s]) s++;
  const a = base.slice(p, n - s);
  const b = other.slice(p, m - s);
  const dp = Array.from({ length: a.length + 1 }, () => new Int32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      dp[i][j] = a[i] === b[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
    }
  }
  const hunks = [];
  let i = 0;
  let j = 0;
  let open = null;
  const close = () => {
    if (open) {
      hunks.push({ from: p + open.i, to: p + i, lines: b.slice(open.j, j) });
      open = null;
    }
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      close();
      i++;
      j++;
    } else {
      open ??= { i, j };
      if (j >= b.length || (i < a.length && dp[i + 1][j] >= dp[i][j + 1])) i++;
      else j++;
    }
  }
  close();
  return hunks;
}

/**
 * @param {object} o
 * @param {(visible: Set<string>, available: Set<string>) => string} o.render the release's prompt for these tool sets
 * @param {string[]} o.baseVisible the template run's visible (sent) tool names, lower case
 * @param {string[]} o.baseAvailable the template run's tool names (visible and deferred), lower case
 * @param {string[]} o.universe every tool name a run may have, lower case
 * @param {string} o.template the template the segments are found in
 * @param {string} o.where for errors
 */
export function promptConditions({ render, baseVisible, baseAvailable, universe, template, where, checks = 300 }) {
  const baseV = new Set(baseVisible);
  const baseA = new Set([...baseAvailable, ...baseVisible]);
  const names = [...new Set([...universe, ...baseA])].sort();
  /** A variable: `name` (the run has the tool) or `visible:name` (the model is sent it). */
  const vars = names.flatMap((n) => [n, `visible:${n}`]);
  const baseValue = (v) => (v.startsWith('visible:') ? baseV.has(v.slice(8)) : baseA.has(v));
  /** The tool sets with `values` (var -> bool) over the base; undefined when inconsistent (visible but not available). */
  const stateOf = (values) => {
    const V = new Set(baseV);
    const A = new Set(baseA);
    for (const [v, on] of values) {
      const n = v.startsWith('visible:') ? v.slice(8) : v;
      const set = v.startsWith('visible:') ? V : A;
      if (on) set.add(n);
      else set.delete(n);
    }
    for (const n of V) if (!A.has(n)) return undefined;
    return { V, A };
  };
  const linesOf = (state) => render(state.V, state.A).split('\n');
  const base = linesOf({ V: baseV, A: baseA });
  // One flip per variable; a flip that leaves the sets inconsistent flips its partner too.
  const flipsOf = (v) => {
    const values = new Map([[v, !baseValue(v)]]);
    const n = v.replace(/^visible:/, '');
    if (v.startsWith('visible:') && !baseValue(v)) values.set(n, true);
    if (!v.startsWith('visible:') && baseValue(v)) values.set(`visible:${n}`, false);
    return values;
  };
  const ranges = [];
  const hunkKey = (h) => `${h.from}:${h.to}:${h.lines.join('\n')}`;
  const single = new Map();
  const singleHunks = new Map();
  /** The base with both flips' own hunks applied; undefined when they overlap. */
  const composed = (a, b) => {
    const hunks = [...singleHunks.get(a), ...singleHunks.get(b)].sort((x, y) => y.from - x.from || y.to - x.to);
    // Hunks that only touch compose; an insertion at another hunk's edge is ambiguous.
    const empty = (h) => h.from === h.to;
    for (let k = 1; k < hunks.length; k++) if (hunks[k].to > hunks[k - 1].from || (hunks[k].to === hunks[k - 1].from && (empty(hunks[k]) || empty(hunks[k - 1])))) return undefined;
    const lines = [...base];
    for (const h of hunks) lines.splice(h.from, h.to - h.from, ...h.lines);
    return lines.join('\n');
  };
  for (const v of vars) {
    const flip = flipsOf(v);
    const state = stateOf(flip);
    if (!state) continue;
    const hunks = lineHunks(base, linesOf(state));
    single.set(v, new Set(hunks.map(hunkKey)));
    singleHunks.set(v, hunks);
    for (const h of hunks) ranges.push({ from: h.from, to: h.to, vars: new Set(flip.keys()) });
  }
  // Lines two tools decide together (one's line written only when the other is missing): every
  // pair of the variables that change anything, the hunks neither flip alone makes.
  // (A pair needs one variable that changes something alone: a line written only when both are
  // missing needs no other, it shows as one's line changing with the other.)
  const changing = [...single].filter(([, hunks]) => hunks.size > 0).map(([v]) => v);
  const pairs = [];
  for (const a of changing) {
    for (const b of single.keys()) {
      if (a !== b && !(changing.includes(b) && changing.indexOf(b) < changing.indexOf(a))) pairs.push([a, b]);
    }
  }
  for (const [a, b] of pairs) {
    const flip = new Map([...flipsOf(a), ...flipsOf(b)]);
    const state = stateOf(flip);
    if (!state) continue;
    const rendered = linesOf(state);
    if (composed(a, b) === rendered.join('\n')) continue;
    const pairHunks = lineHunks(base, rendered);
    const inPair = new Set(pairHunks.map(hunkKey));
    // A line one flip writes and the pair does not (written only when the other tool is there).
    for (const h of [...singleHunks.get(a), ...singleHunks.get(b)]) {
      if (!inPair.has(hunkKey(h))) ranges.push({ from: h.from, to: h.to, vars: new Set(flip.keys()) });
    }
    for (const h of pairHunks) {
      if (!single.get(a).has(hunkKey(h)) && !single.get(b).has(hunkKey(h))) {
        ranges.push({ from: h.from, to: h.to, vars: new Set(flip.keys()) });
      }
    }
  }
  // Join ranges that overlap; an insertion at another range's edge or at the same place joins it too
  // (which side it belongs to is not known). Ranges that only touch stay apart, in one cluster.
  ranges.sort((x, y) => x.from - y.from || x.to - y.to);
  const segments = [];
  for (const r of ranges) {
    const last = segments[segments.length - 1];
    const empty = r.from === r.to || (last && last.from === last.to);
    if (last && (r.from < last.to || (empty && r.from <= last.to))) {
      last.to = Math.max(last.to, r.to);
      for (const v of r.vars) last.vars.add(v);
    } else {
      segments.push({ from: r.from, to: r.to, vars: new Set(r.vars) });
    }
  }
  // Touching segments that share a variable are one: where its line goes between them is not known.
  for (let k = segments.length - 1; k > 0; k--) {
    const [a, b] = [segments[k - 1], segments[k]];
    if (a.to === b.from && [...b.vars].some((v) => a.vars.has(v))) {
      a.to = b.to;
      for (const v of b.vars) a.vars.add(v);
      segments.splice(k, 1);
      k = Math.min(k + 1, segments.length);
    }
  }
  for (const seg of segments) {
    seg.vars = [...seg.vars].sort();
    // Every consistent combination is rendered (3 states a tool: absent, deferred, visible).
    if (new Set(seg.vars.map((v) => v.replace(/^visible:/, ''))).size > 9) {
      throw new Error(`${where}: a prompt segment depends on ${seg.vars.length} variables (${seg.vars.join(', ')}): too many to render every combination`);
    }
  }
  // Clusters: segments that touch, between two lines no variable changes.
  const clusters = [];
  for (const seg of segments) {
    const last = clusters[clusters.length - 1];
    if (last && seg.from === last.to) {
      last.segments.push(seg);
      last.to = seg.to;
    } else {
      clusters.push({ from: seg.from, to: seg.to, segments: [seg] });
    }
  }
  const out = [];
  for (const cl of clusters) {
    if (cl.from === 0 || cl.to >= base.length) {
      throw new Error(`${where}: a tool-dependent prompt segment has no unchanged line before or after it`);
    }
    const before = base[cl.from - 1];
    const after = base[cl.to];
    const segs = [];
    for (const seg of cl.segments) {
      // Its text with every other variable as in the base: the cluster's text less the other segments' base lines.
      const head = base.slice(cl.from, seg.from);
      const tail = base.slice(seg.to, cl.to);
      const variants = {};
      for (let mask = 0; mask < 1 << seg.vars.length; mask++) {
        const values = new Map(seg.vars.map((v, k) => [v, (mask & (1 << k)) !== 0]));
        const state = stateOf(values);
        if (!state) continue;
        const region = textBetween(linesOf(state), base, cl, where);
        const lines = region ? region.split('\n') : [];
        if (lines.slice(0, head.length).join('\n') !== head.join('\n') || (tail.length > 0 && lines.slice(-tail.length).join('\n') !== tail.join('\n'))) {
          throw new Error(`${where}: the prompt segment for ${seg.vars.join(', ')} changes lines of its neighbours`);
        }
        variants[keyOf(seg.vars, (v) => values.get(v))] = lines.slice(head.length, lines.length - tail.length).join('\n');
      }
      segs.push({ base: base.slice(seg.from, seg.to).join('\n'), ...withoutIdleVars(seg.vars, variants) });
    }
    // Found in the template by both anchors, else by one: lines OpenClaw writes from other inputs
    // (the memory section, prepared apart) may stand beside a cluster in the template and not in the rendering.
    // A cluster whose segments the template separates (by lines OpenClaw writes from other inputs) is
    // placed segment by segment, each by its own lines and the cluster's anchor at its end, if any.
    const found = placeOnce(template, before, after, segs.map((x) => x.base)) ?? (segs.length > 1 ? placeEach(template, before, after, segs) : undefined);
    if (!found) {
      throw new Error(`${where}: the prompt lines for ${cl.segments.map((x) => x.vars.join(', ')).join('; ')} are not found once in the template: ${JSON.stringify(`${before}\n${base.slice(cl.from, cl.to).join('\n')}\n${after}`.slice(0, 300))}`);
    }
    cl.texts = segs;
    out.push(...found.map((f) => ({ ...f, segments: f.segments ?? segs })));
  }
  // The segments must compose: random combinations of every variable rendered whole.
  const apply = (value) => {
    const lines = [...base];
    clusters.forEach((cl) => (cl.lines = cl.texts.flatMap((seg) => {
      const text = seg.variants[keyOf(seg.vars, value)];
      if (text === undefined) throw new Error(`${where}: no variant for ${seg.vars.join(', ')}`);
      return text ? text.split('\n') : [];
    })));
    for (const cl of [...clusters].reverse()) lines.splice(cl.from, cl.to - cl.from, ...cl.lines);
    return lines.join('\n');
  };
  let seed = 20261202;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const relevant = [...new Set(segments.flatMap((x) => x.vars))];
  for (let k = 0; k < checks; k++) {
    const values = new Map(relevant.map((v) => [v, random() < 0.5]));
    for (const v of relevant) if (v.startsWith('visible:') && values.get(v)) values.set(v.slice(8), true);
    const state = stateOf(values);
    const get = (v) => (values.has(v) ? values.get(v) : baseValue(v));
    const want = linesOf(state).join('\n');
    const got = apply(get);
    if (got !== want) {
      const h = lineHunks(want.split('\n'), got.split('\n'))[0];
      throw new Error(`${where}: the prompt segments do not compose (at ${JSON.stringify(want.split('\n').slice(h.from - 1, h.to + 1))}, composed ${JSON.stringify(h.lines)}) for ${[...values].filter(([v, on]) => on !== baseValue(v)).map(([v, on]) => `${on ? '+' : '-'}${v}`).join(' ')}`);
    }
  }
  // Stored compactly: each segment's distinct lines once, a combination as the list of its lines.
  return out.map((cl) => ({ ...cl, segments: cl.segments.map(encodeSegment) }));
}

/** `{ vars, base, lines, variants: { key: [line index, ...] } }`: the text of a combination is its lines joined. */
export function encodeSegment(seg) {
  const lines = [];
  const index = new Map();
  const variants = {};
  for (const [key, text] of Object.entries(seg.variants)) {
    variants[key] = (text ? text.split('\n') : []).map((l) => {
      if (!index.has(l)) {
        index.set(l, lines.length);
        lines.push(l);
      }
      return index.get(l);
    });
  }
  return { vars: seg.vars, base: seg.base, lines, variants };
}

/** The anchors (both, one, or none when the lines are not empty) by which `texts` are found once in the template. */
function placeOnce(template, before, after, texts) {
  const text = texts.filter((t) => t !== '').join('\n');
  const tries = [{ before, after }, { before, after: null }, { before: null, after }, ...(text ? [{ before: null, after: null }] : [])];
  const hit = tries.find((a) => template.split(anchoredText(a.before, text, a.after)).length === 2);
  return hit ? [hit] : undefined;
}

/** Each segment of a cluster placed alone; undefined when one of them is not found once. */
function placeEach(template, before, after, segs) {
  const out = [];
  for (const [k, seg] of segs.entries()) {
    const placed = placeOnce(template, k === 0 ? before : null, k === segs.length - 1 ? after : null, [seg.base]);
    if (!placed) {
      return undefined;
    }
    out.push({ ...placed[0], segments: [seg] });
  }
  return out;
}

/** The text a cluster is found by: its lines with the anchors it has (a missing anchor is the line break at that end). */
export function anchoredText(before, text, after) {
  return [before === null ? '' : before, ...(text ? [text] : []), after === null ? '' : after].join('\n');
}

/**
 * Drops the variables the text does not depend on (a flip of a tool also flips its visibility:
 * both were rendered, most texts follow one of them), and their keys with them.
 */
export function withoutIdleVars(vars, variants) {
  let current = { vars: [...vars], variants: { ...variants } };
  for (const v of vars) {
    const k = current.vars.indexOf(v);
    const entries = Object.entries(current.variants);
    const idle = entries.every(([key, text]) => {
      const other = current.variants[`${key.slice(0, k)}${key[k] === '1' ? '0' : '1'}${key.slice(k + 1)}`];
      return other === undefined || other === text;
    });
    if (!idle) continue;
    const next = {};
    for (const [key, text] of entries) next[key.slice(0, k) + key.slice(k + 1)] = text;
    current = { vars: current.vars.filter((x) => x !== v), variants: next };
  }
  return current;
}

/** The key of one combination: each variable's value in order, `1` or `0`. */
export function keyOf(vars, value) {
  return vars.map((v) => (value(v) ? '1' : '0')).join('');
}

/** The lines of `lines` between the cluster's two anchors (unchanged lines of the base). */
function textBetween(lines, base, seg, where) {
  const before = base[seg.from - 1];
  const after = base[seg.to];
  // The anchors' occurrence: count the same line's occurrences before the anchor in the base.
  const nth = (arr, value, upto) => arr.slice(0, upto).filter((l) => l === value).length;
  const find = (arr, value, n) => {
    let seen = -1;
    for (let i = 0; i < arr.length; i++) if (arr[i] === value && ++seen === n) return i;
    return -1;
  };
  const i = find(lines, before, nth(base, before, seg.from - 1));
  const j = find(lines, after, nth(base, after, seg.to));
  if (i < 0 || j < 0 || j <= i) {
    throw new Error(`${where}: a prompt segment's anchor lines moved: ${JSON.stringify(before)} / ${JSON.stringify(after)}`);
  }
  return lines.slice(i + 1, j).join('\n');
}
