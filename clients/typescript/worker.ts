// A Tide worker on the TypeScript client (typescript-fetch) generated from the served OpenAPI document
// (docs/clients.md). It enqueues a task, claims it, heartbeats, acknowledges it, then acknowledges again with the now
// stale lease token and expects 409 lease_lost. Exits non-zero on any failure. Settings: TIDE_URL
// (http://127.0.0.1:7070), TIDE_TOKEN (a token of a user with the submitter and worker roles), TIDE_QUEUE
// (clients-typescript).
import { ClaimsApi, Configuration, ErrorBody, ResponseError, TasksApi } from "./target/client";

function fail(message: string): never {
  console.error(`typescript worker: FAILED: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = new Configuration({
    basePath: (process.env.TIDE_URL ?? "http://127.0.0.1:7070").replace(/\/+$/, ""),
    accessToken: process.env.TIDE_TOKEN ?? fail("TIDE_TOKEN is not set"),
  });
  const queue = process.env.TIDE_QUEUE ?? "clients-typescript";
  const tasks = new TasksApi(config);
  const claims = new ClaimsApi(config);

  const enqueued = await tasks.enqueue({
    newTask: { type: "resize", queue, payload: { image: "cat.png", width: 640 } },
  });
  const taskId = enqueued.task.id;
  console.log(`typescript worker: enqueued task ${taskId} in ${queue} (created ${enqueued.created})`);

  const leased = await claims.claim({ claimRequest: { queue, worker: "typescript-1", limit: 1, waitFor: "PT5S" } });
  if (leased.tasks.length !== 1 || leased.tasks[0].task.id !== taskId) {
    fail(`expected to claim task ${taskId}, got ${JSON.stringify(leased.tasks.map((t) => t.task.id))}`);
  }
  const { task, lease } = leased.tasks[0];
  const token = lease.token ?? fail("the lease carries no token");
  console.log(
    `typescript worker: claimed task ${taskId}, payload ${JSON.stringify(task.payload)}, ` +
      `lease until ${lease.expiresAt?.toISOString()}`,
  );

  const extended = await claims.heartbeat({ id: taskId, heartbeatRequest: { token, extension: "PT10M" } });
  console.log(`typescript worker: heartbeat, lease until ${extended.expiresAt?.toISOString()}`);

  const result = await claims.ack({
    id: taskId,
    ack: { token, kind: "succeed", result: { thumbnail: "cat-640.png" } },
  });
  if (!result.accepted || result.outcome !== "succeeded") {
    fail(`expected the acknowledgement accepted and the task succeeded, got ${JSON.stringify(result)}`);
  }
  console.log(`typescript worker: acknowledged, task ${result.state} ${result.outcome}`);

  // The lease ended with the acknowledgement: its token is stale now, and the server refuses it with 409.
  try {
    await claims.ack({ id: taskId, ack: { token, kind: "succeed" } });
    fail("a second acknowledgement with the stale token was accepted");
  } catch (e) {
    if (!(e instanceof ResponseError)) throw e;
    const error = (await e.response.json()) as ErrorBody;
    if (e.response.status !== 409 || error.error !== "lease_lost" || error.taskId !== taskId) {
      fail(`expected 409 lease_lost for task ${taskId}, got ${e.response.status} ${JSON.stringify(error)}`);
    }
    console.log(`typescript worker: stale token refused: ${e.response.status} ${error.error} (${error.message})`);
  }
  console.log("typescript worker: ok");
}

main().catch((e) => fail(e instanceof Error ? (e.stack ?? e.message) : String(e)));
