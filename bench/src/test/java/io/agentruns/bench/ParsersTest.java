package io.agentruns.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ParsersTest {

    @Test
    void wrkLatencyOutput() {
        String text = """
                Running 10s test @ http://127.0.0.1:18081/run.json
                  2 threads and 64 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     1.94ms    2.11ms  40.02ms   90.12%
                    Req/Sec    18.50k     2.02k   24.11k    70.00%
                  Latency Distribution
                     50%  845.00us
                     75%    2.50ms
                     90%    4.22ms
                     99%   10.08ms
                  368185 requests in 10.01s, 510.71MB read
                  Non-2xx or 3xx responses: 5
                Requests/sec:  36782.21
                Transfer/sec:     51.02MB
                """;
        ObjectNode node = WrkOutput.parse(text);
        assertThat(node.get("throughput_rps").asDouble()).isEqualTo(36782.21);
        assertThat(node.get("errors").asLong()).isEqualTo(5);
        assertThat(node.get("ok").asLong()).isEqualTo(368180);
        assertThat(node.get("seconds").asDouble()).isEqualTo(10.01);
        assertThat(node.get("latency").get("p50_ms").asDouble()).isEqualTo(0.85);
        assertThat(node.get("latency").get("p99_ms").asDouble()).isEqualTo(10.08);
    }

    @Test
    void wrkSocketErrorsCountAsErrors() {
        ObjectNode node = WrkOutput.parse("  100 requests in 1.00s, 1MB read\n  Socket errors: connect 1, read 2, write 0, timeout 3\nRequests/sec: 100.00\n");
        assertThat(node.get("errors").asLong()).isEqualTo(6);
        assertThat(node.get("ok").asLong()).isEqualTo(94);
    }

    @Test
    void pgbenchSummaryAndPerTransactionLog() {
        String stdout = """
                transaction type: bench/sql/pgbench_create.sql
                scaling factor: 1
                query mode: prepared
                number of clients: 16
                number of threads: 2
                maximum number of tries: 1
                duration: 10 s
                number of transactions actually processed: 51234
                number of failed transactions: 0 (0.000%)
                latency average = 3.120 ms
                initial connection time = 12.345 ms
                tps = 5123.456789 (without initial connection time)
                """;
        LatencyStats latency = new LatencyStats();
        PgbenchOutput.readLog(List.of("0 1 2000 0 1700000000 123", "1 1 4000 0 1700000000 456", "1 2 failed 0 1700000000 789"), latency);
        ObjectNode node = PgbenchOutput.summary(stdout, latency);
        assertThat(node.get("throughput_rps").asDouble()).isEqualTo(5123.46);
        assertThat(node.get("ok").asLong()).isEqualTo(51234);
        assertThat(node.get("seconds").asLong()).isEqualTo(10);
        assertThat(node.get("latency").get("count").asLong()).isEqualTo(2);
        assertThat(node.get("latency").get("p50_ms").asDouble()).isEqualTo(2.0);
        assertThat(node.get("latency").get("max_ms").asDouble()).isEqualTo(4.0);
    }
}
