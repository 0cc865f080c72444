// Skills a run keeps (issue 40): skills.entries.<name>.enabled false, the
// agent's own skills list (else the defaults'), skills.allowBundled, applied
// to the generated skills prompt of 2026.9.6.
import * as assert from 'node:assert/strict';
import { promptDataFor } from '../../src/core/prompt/promptVersions';
import { filterSkillsPrompt, skillFilterOf } from '../../src/core/prompt/skillsFilter';

const prompt = promptDataFor('2026.9.6')?.skillsPrompt ?? '';
const namesIn = (p: string): string[] => [...p.matchAll(/<name>([^<]+)<\/name>/g)].map((m) => m[1] ?? '');

describe('skillsFilter: the skills OpenClaw lists for a run', () => {
  it('a disabled entry is left out, the others stay in order', () => {
    const f = skillFilterOf({ skills: { entries: { notion: { enabled: false }, weather: { enabled: true } } } }, undefined);
    const out = filterSkillsPrompt(prompt, f, '{{openclawDir}}/');
    assert.deepEqual(namesIn(out.prompt), namesIn(prompt).filter((n) => n !== 'notion'));
    assert.ok(out.prompt.endsWith('</available_skills>'));
  });
  it('the agent\'s own list wins over the defaults\', an agent without one gets the defaults\'', () => {
    const cfg = { agents: { defaults: { skills: ['tmux'] }, list: [{ id: 'a', default: true, skills: ['weather', 'healthcheck'] }, { id: 'b' }] } };
    assert.deepEqual(namesIn(filterSkillsPrompt(prompt, skillFilterOf(cfg, 'a'), '{{openclawDir}}/').prompt), ['healthcheck', 'weather']);
    assert.deepEqual(namesIn(filterSkillsPrompt(prompt, skillFilterOf(cfg, 'b'), '{{openclawDir}}/').prompt), ['tmux']);
  });
  it('no skills settings keep the template as it is', () => {
    assert.equal(filterSkillsPrompt(prompt, skillFilterOf({}, 'main'), '{{openclawDir}}/').prompt, prompt);
  });
});
