package io.agentruns.cli;

/** {@code --output} of list and get commands. */
enum OutputFormat {
    table, json
}
