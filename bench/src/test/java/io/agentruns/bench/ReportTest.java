package io.agentruns.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ReportTest {

    @TempDir
    Path dir;

    private void write(String name, String json) throws Exception {
        Files.writeString(dir.resolve(name + ".json"), json);
    }

    @Test
    void ratiosAndTargetsFromPhaseFiles() throws Exception {
        write("meta", "{\"mode\":\"quick\",\"timestamp\":\"20261122T070000Z\"}");
        write("create_c16", "{\"throughput_rps\":1000,\"latency\":{\"p50_ms\":10,\"p99_ms\":30}}");
        write("pgbench_c16", "{\"throughput_rps\":4000,\"latency\":{\"p50_ms\":2,\"p99_ms\":9}}");
        write("read_service", "{\"throughput_rps\":3000}");
        write("read_nginx", "{\"throughput_rps\":10000}");
        write("dispatch", "{\"queued_to_inprogress\":{\"count\":2000,\"p50_ms\":4,\"p99_ms\":20}}");
        write("lifecycle", "{\"runs_per_s\":300}");
        write("db_scheduler", "{\"runs_per_s\":200}");
        write("scale", """
                {"filters":[{"query":"state=FAILED","latency":{"p50_ms":3,"p99_ms":8}},
                            {"query":"name=x","latency":{"p50_ms":4,"p99_ms":25}}],
                 "cursor_walk":{"pages_walked":500,"page_1_repeated":{"p50_ms":4,"p99_ms":6},
                                "last_page_repeated":{"p50_ms":5,"p99_ms":7}}}""");
        write("memory", "{\"peak_rss_mib\":400}");

        JsonNode r = Report.assemble(dir);

        assertThat(r.get("mode").asString()).isEqualTo("quick");
        JsonNode ratios = r.get("ratios");
        assertThat(ratios.get("create_c16_vs_pgbench").asDouble()).isEqualTo(0.25);
        assertThat(ratios.get("create_c64_vs_pgbench").isNull()).as("c64 was not measured").isTrue();
        assertThat(ratios.get("read_vs_nginx").asDouble()).isEqualTo(0.3);
        assertThat(ratios.get("lifecycle_vs_db_scheduler").asDouble()).isEqualTo(1.5);
        assertThat(ratios.get("list_last_page_vs_first_page_p50").asDouble()).isEqualTo(1.25);

        assertThat(Report.targets(r)).extracting(Report.Target::name, Report.Target::met).contains(
                org.assertj.core.groups.Tuple.tuple("create c16 vs pgbench", false),
                org.assertj.core.groups.Tuple.tuple("create c64 vs pgbench", false),
                org.assertj.core.groups.Tuple.tuple("read vs nginx", true),
                org.assertj.core.groups.Tuple.tuple("dispatch p99", true),
                org.assertj.core.groups.Tuple.tuple("lifecycle vs db-scheduler", true),
                org.assertj.core.groups.Tuple.tuple("list p99 (worst filter)", false),
                org.assertj.core.groups.Tuple.tuple("list p99 (deepest page)", true),
                org.assertj.core.groups.Tuple.tuple("peak RSS", true));
        assertThat(Report.table(r)).contains("create c16 (req/s)", "pgbench 4000 tps", "MISSED", "NOT MEASURED");
        assertThat(Report.markdown(r)).contains("| create, 16 connections | 1000 req/s | 10.00 | 30.00 | pgbench 4000 tx/s", "| 0.25 |",
                "| list `state=FAILED`", "| dispatch p99 <=50.00 ms | 20.00 ms | yes |", "| peak RSS <=512 MiB | 400 MiB | yes |");
    }
}
