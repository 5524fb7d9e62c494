// Conformance: the public TypeScript client of the Oz Agent API (oz-agent-sdk@1.0.0-alpha.8) works
// unchanged against agentruns. Needs a live service: AGENTRUNS_BASE_URL (…/api/v1) and
// AGENTRUNS_API_KEY (an admin key; every test makes its own team with it).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import OzAPI, { AuthenticationError, BadRequestError, NotFoundError } from 'oz-agent-sdk';

const baseURL = process.env.AGENTRUNS_BASE_URL;
const adminKey = process.env.AGENTRUNS_API_KEY;

before(() => {
  assert.ok(baseURL, 'AGENTRUNS_BASE_URL must point at a running agentruns, e.g. http://127.0.0.1:8080/api/v1');
  assert.ok(adminKey, 'AGENTRUNS_API_KEY must be an admin key');
});

/** A fresh team (own runs, own default environment) and an SDK client with its admin key. */
async function newTeam() {
  const res = await fetch(`${baseURL}/admin/teams`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `conformance-${crypto.randomUUID()}` }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const key = (await res.json()).admin_key.key;
  const envs = await (await fetch(`${baseURL}/agent/environments`, { headers: { Authorization: `Bearer ${key}` } })).json();
  return { key, environmentId: envs.environments[0].uid, client: new OzAPI({ apiKey: key, baseURL, maxRetries: 0 }) };
}

test('create with a full config, then retrieve the resolved run', async () => {
  const { client, environmentId } = await newTeam();
  const created = await client.agent.run({
    prompt: 'Fix the flaky test\nin module core',
    title: 'Fix flaky test',
    team: false,
    config: {
      name: 'fixer',
      model_id: 'openai/conformance-model',
      base_prompt: 'Be brief.',
      environment_id: environmentId,
      skill_spec: 'acme/tools:skills/fix/SKILL.md',
      worker_host: 'pool-a',
      computer_use_enabled: false,
      mcp_servers: {
        github: { command: 'npx', args: ['-y', 'server-github'], env: { GITHUB_TOKEN: 'ghp_secret' } },
        docs: { url: 'https://mcp.example.com/sse', headers: { Authorization: 'Bearer secret' } },
        registered: { warp_id: 'w-123' },
      },
    },
  });
  assert.equal(created.state, 'QUEUED');
  assert.match(created.run_id, /^[0-9a-f-]{36}$/);
  assert.equal(created.task_id, created.run_id);

  const run = await client.agent.runs.retrieve(created.run_id);
  assert.equal(run.run_id, created.run_id);
  assert.equal(run.task_id, created.run_id);
  assert.equal(run.title, 'Fix flaky test');
  assert.equal(run.prompt, 'Fix the flaky test\nin module core');
  assert.equal(run.state, 'QUEUED');
  assert.equal(run.source, 'API');
  assert.ok(!Number.isNaN(Date.parse(run.created_at)));
  assert.ok(!Number.isNaN(Date.parse(run.updated_at)));
  assert.equal(run.agent_config.name, 'fixer');
  assert.equal(run.agent_config.model_id, 'openai/conformance-model');
  assert.equal(run.agent_config.environment_id, environmentId);
  assert.equal(run.agent_config.skill_spec, 'acme/tools:skills/fix/SKILL.md');
  assert.equal(run.agent_config.worker_host, 'pool-a');
  assert.equal(run.agent_config.mcp_servers.github.env.GITHUB_TOKEN, '***');
  assert.equal(run.agent_config.mcp_servers.docs.headers.Authorization, '***');
  assert.equal(run.agent_config.mcp_servers.registered.warp_id, 'w-123');
  assert.equal(run.creator.type, 'service_account');
  assert.equal(run.scope.type, 'User');
  assert.ok(!JSON.stringify(run).includes('ghp_secret'));
});

test('list with filters', async () => {
  const { client } = await newTeam();
  const a = await client.agent.run({ prompt: 'alpha', config: { name: 'lint', model_id: "gpt-4o" } });
  const b = await client.agent.run({ prompt: 'beta', config: { name: 'build', model_id: "gpt-4o-mini" } });
  await client.agent.run({ skill: 'acme/tools:reviewer' });

  const byName = await client.agent.runs.list({ name: 'lint' });
  assert.deepEqual(byName.runs.map((r) => r.run_id), [a.run_id]);
  assert.equal(byName.page_info.has_next_page, false);
  assert.equal(byName.page_info.next_cursor, undefined);

  const byModel = await client.agent.runs.list({ model_id: "gpt-4o-mini", state: ['QUEUED', 'INPROGRESS'], source: 'API' });
  assert.deepEqual(byModel.runs.map((r) => r.run_id), [b.run_id]);

  const bySkill = await client.agent.runs.list({ skill: 'acme/tools:reviewer' });
  assert.equal(bySkill.runs.length, 1);
  assert.equal(bySkill.runs[0].agent_config.name, 'reviewer');

  const none = await client.agent.runs.list({ state: ['SUCCEEDED'] });
  assert.equal(none.runs.length, 0);

  const text = await client.agent.runs.list({ q: 'beta', created_after: new Date(Date.now() - 600_000).toISOString() });
  assert.deepEqual(text.runs.map((r) => r.run_id), [b.run_id]);

  const skills = await client.agent.list();
  assert.ok(Array.isArray(skills.agents));
});

test('pagination over several pages visits every run once', async () => {
  const { client } = await newTeam();
  const ids = new Set();
  for (let i = 0; i < 7; i++) {
    ids.add((await client.agent.run({ prompt: `page run ${i}`, config: { name: 'paged' } })).run_id);
  }
  const seen = [];
  let cursor;
  let pages = 0;
  do {
    const page = await client.agent.runs.list({ name: 'paged', limit: 2, ...(cursor ? { cursor } : {}) });
    seen.push(...page.runs.map((r) => r.run_id));
    cursor = page.page_info.has_next_page ? page.page_info.next_cursor : undefined;
    pages++;
  } while (cursor);
  assert.equal(pages, 4);
  assert.equal(seen.length, 7);
  assert.deepEqual(new Set(seen), ids);
});

test('errors map to the SDK error classes', async () => {
  const { client } = await newTeam();

  await assert.rejects(client.agent.run({ prompt: '' }), (err) => {
    assert.ok(err instanceof BadRequestError, String(err));
    assert.equal(err.status, 400);
    assert.equal(err.error.error_code, 'invalid_request');
    assert.match(err.error.detail, /prompt/);
    return true;
  });
  await assert.rejects(client.agent.runs.list({ limit: 0 }), BadRequestError);

  const stranger = new OzAPI({ apiKey: 'ar_not-a-real-key', baseURL, maxRetries: 0 });
  await assert.rejects(stranger.agent.runs.list(), (err) => {
    assert.ok(err instanceof AuthenticationError, String(err));
    assert.equal(err.status, 401);
    assert.equal(err.error.error_code, 'authentication_required');
    return true;
  });

  await assert.rejects(client.agent.runs.retrieve(crypto.randomUUID()), (err) => {
    assert.ok(err instanceof NotFoundError, String(err));
    assert.equal(err.status, 404);
    assert.equal(err.error.error_code, 'resource_not_found');
    return true;
  });

  // Another team's run is a 404 too.
  const other = await newTeam();
  const theirs = await other.client.agent.run({ prompt: 'private' });
  await assert.rejects(client.agent.runs.retrieve(theirs.run_id), NotFoundError);
});
