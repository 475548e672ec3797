"""A Tide worker on the Python client generated from the served OpenAPI document (docs/clients.md).

It enqueues a task, claims it, heartbeats, acknowledges it, then acknowledges again with the now stale lease token
and expects 409 lease_lost. Exits non-zero on any failure. Settings: TIDE_URL (http://127.0.0.1:7070), TIDE_TOKEN
(a token of a user with the submitter and worker roles), TIDE_QUEUE (clients-python).
"""

import json
import os
import sys

import tide_client
from tide_client.api.claims_api import ClaimsApi
from tide_client.api.tasks_api import TasksApi
from tide_client.exceptions import ApiException
from tide_client.models.ack import Ack
from tide_client.models.claim_request import ClaimRequest
from tide_client.models.heartbeat_request import HeartbeatRequest
from tide_client.models.new_task import NewTask


def fail(message):
    print(f"python worker: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    config = tide_client.Configuration(host=os.environ.get("TIDE_URL", "http://127.0.0.1:7070").rstrip("/"))
    config.access_token = os.environ["TIDE_TOKEN"]
    queue = os.environ.get("TIDE_QUEUE", "clients-python")
    with tide_client.ApiClient(config) as client:
        tasks = TasksApi(client)
        claims = ClaimsApi(client)

        enqueued = tasks.enqueue(NewTask(type="resize", queue=queue, payload={"image": "cat.png", "width": 640}))
        task_id = enqueued.task.id
        print(f"python worker: enqueued task {task_id} in {queue} (created {enqueued.created})")

        leased = claims.claim(ClaimRequest(queue=queue, worker="python-1", limit=1, wait_for="PT5S"))
        if len(leased.tasks) != 1 or leased.tasks[0].task.id != task_id:
            fail(f"expected to claim task {task_id}, got {[t.task.id for t in leased.tasks]}")
        lease = leased.tasks[0].lease
        payload = leased.tasks[0].task.payload
        print(f"python worker: claimed task {task_id}, payload {json.dumps(payload)}, lease until {lease.expires_at}")

        extended = claims.heartbeat(task_id, HeartbeatRequest(token=lease.token, extension="PT10M"))
        print(f"python worker: heartbeat, lease until {extended.expires_at}")

        result = claims.ack(task_id, Ack(token=lease.token, kind="succeed", result={"thumbnail": "cat-640.png"}))
        if not result.accepted or result.outcome != "succeeded":
            fail(f"expected the acknowledgement accepted and the task succeeded, got {result}")
        print(f"python worker: acknowledged, task {result.state.value} {result.outcome.value}")

        # The lease ended with the acknowledgement: its token is stale now, and the server refuses it with 409.
        try:
            claims.ack(task_id, Ack(token=lease.token, kind="succeed"))
            fail("a second acknowledgement with the stale token was accepted")
        except ApiException as stale:
            error = json.loads(stale.body)
            if stale.status != 409 or error.get("error") != "lease_lost" or error.get("taskId") != task_id:
                fail(f"expected 409 lease_lost for task {task_id}, got {stale.status} {stale.body}")
            print(f"python worker: stale token refused: {stale.status} {error['error']} ({error['message']})")
    print("python worker: ok")


if __name__ == "__main__":
    main()
