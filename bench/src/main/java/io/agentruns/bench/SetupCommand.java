package io.agentruns.bench;

import tools.jackson.databind.node.ObjectNode;

/** Gives the bench team a default environment, which run creation needs (wire contract, Environments). */
final class SetupCommand {
    private SetupCommand() {
    }

    static ObjectNode run(Options o) throws Exception {
        ServiceApi api = new ServiceApi(o.get("base"), o.get("key"));
        ObjectNode env = ServiceApi.JSON.createObjectNode();
        env.put("name", "bench");
        env.put("description", "environment of bench/run.sh");
        env.put("docker_image", "debian:bookworm");
        env.putArray("repos");
        env.putArray("setup_commands");
        env.put("is_default", true);
        try (HttpConnection connection = api.connect()) {
            HttpConnection.Response response = connection.send(api.postJson("/agent/environments", env));
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("creating the bench environment answered " + response.statusCode() + ": " + response.bodyText());
            }
            ObjectNode node = ServiceApi.JSON.createObjectNode();
            node.put("environment_id", ServiceApi.JSON.readTree(response.body()).path("uid").asString());
            Bench.log("environment " + node.get("environment_id").asString());
            return node;
        }
    }
}
