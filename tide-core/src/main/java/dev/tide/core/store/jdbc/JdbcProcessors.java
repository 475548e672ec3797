package dev.tide.core.store.jdbc;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.core.store.ProcessorStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Processors: their definitions and the runs each node reports.
 */
public final class JdbcProcessors implements ProcessorStore {
    private final Database db;

    JdbcProcessors(Database db) {
        this.db = db;
    }

    @Override
    public ProcessorInfo processorDefine(ProcessorDefinition definition, Instant now) {
        return db.adminWrite(tx -> ProcessorSql.define(tx, definition, now));
    }

    @Override
    public List<ProcessorInfo> processorList() {
        return db.read(ProcessorSql::list);
    }

    @Override
    public Optional<ProcessorInfo> processorGet(String name) {
        return db.read(tx -> ProcessorSql.get(tx, name));
    }

    @Override
    public Optional<ProcessorInfo> processorStart(String name, boolean started, Instant now) {
        return db.adminWrite(tx -> ProcessorSql.start(tx, name, started, now));
    }

    @Override
    public boolean processorDelete(String name, Instant now) {
        return db.adminWrite(tx -> ProcessorSql.delete(tx, name, now));
    }

    @Override
    public void processorRunSave(String node, Map<String, ProcessorRun> runs, Instant now) {
        db.write(tx -> {
            ProcessorSql.saveRuns(tx, node, runs, now);
            return null;
        });
    }
}
