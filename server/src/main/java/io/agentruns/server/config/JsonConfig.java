package io.agentruns.server.config;

import io.agentruns.model.WireJson;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** Spring MVC reads and writes JSON with the wire settings of {@link WireJson} (snake_case, no nulls). */
@Configuration(proxyBeanMethods = false)
public class JsonConfig {
    @Bean
    public JsonMapper jsonMapper() {
        return WireJson.builder().build();
    }
}
