package org.graphsha.tools.importer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleConsumer;

import org.graphsha.tools.generate.GeneratedGraph;
import org.neo4j.batchimport.api.Configuration;
import org.neo4j.batchimport.api.InputIterable;
import org.neo4j.batchimport.api.InputIterator;
import org.neo4j.batchimport.api.Monitor;
import org.neo4j.batchimport.api.input.Collector;
import org.neo4j.batchimport.api.input.IdType;
import org.neo4j.batchimport.api.input.Input;
import org.neo4j.batchimport.api.input.InputChunk;
import org.neo4j.batchimport.api.input.InputEntityVisitor;
import org.neo4j.batchimport.api.input.ReadableGroups;
import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.internal.batchimport.BatchImporterFactory;
import org.neo4j.internal.batchimport.DefaultAdditionalIds;
import org.neo4j.internal.batchimport.staging.ExecutionMonitor;
import org.neo4j.io.fs.DefaultFileSystemAbstraction;
import org.neo4j.io.layout.DatabaseLayout;
import org.neo4j.io.layout.Neo4jLayout;
import org.neo4j.io.pagecache.context.CursorContextFactory;
import org.neo4j.io.pagecache.tracing.PageCacheTracer;
import org.neo4j.kernel.impl.index.schema.IndexImporterFactoryImpl;
import org.neo4j.kernel.impl.scheduler.JobSchedulerFactory;
import org.neo4j.kernel.impl.transaction.log.EmptyLogTailMetadata;
import org.neo4j.kernel.impl.transaction.log.files.TransactionLogInitializer;
import org.neo4j.logging.internal.NullLogService;
import org.neo4j.memory.EmptyMemoryTracker;
import org.neo4j.scheduler.JobScheduler;
import org.neo4j.storageengine.api.StorageEngineFactory;

/**
 * Writes a generated graph as a complete new default database with Neo4j's offline bulk importer
 * (the engine behind {@code neo4j-admin database import}), each node with the properties of its
 * {@link GraphRecords}, as {@link GeneratedGraphWriter} writes them. It builds the store files directly instead of going through
 * transactions, which is what makes a million relationships a matter of seconds; the price is that
 * the database must not be running and its previous content is replaced as a whole.
 */
public final class BulkImport {

    private static final int CHUNK = 10_000;

    private BulkImport() {}

    /** The default database's store and transaction log folders under an embedded Neo4j home. */
    public static DatabaseLayout layout(Path home) {
        Config config = config(home);
        return StorageEngineFactory.selectStorageEngine(config).databaseLayout(Neo4jLayout.of(config),
            GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
    }

    /** Deletes the default database's store and logs; the database must not be running. */
    public static void deleteDatabase(Path home) throws IOException {
        DatabaseLayout layout = layout(home);
        try (var fs = new DefaultFileSystemAbstraction()) {
            fs.deleteRecursively(layout.databaseDirectory());
            fs.deleteRecursively(layout.getTransactionLogsDirectory());
        }
    }

    /**
     * Imports into the (absent) default database of {@code home}.
     *
     * @param progress receives the done fraction of the nodes and relationships handed to the importer
     */
    public static void write(Path home, GraphRecords records, String label, String relationshipType,
                             DoubleConsumer progress) throws IOException {
        GeneratedGraph graph = records.graph();
        Config config = config(home);
        DatabaseLayout layout = layout(home);
        long total = (long) graph.nodeCount() + graph.relationshipCount();
        AtomicLong done = new AtomicLong();
        DoubleConsumer step = d -> progress.accept(done.addAndGet((long) d) / (double) total);
        Input input = Input.input(nodes(records, label, step), relationships(graph, relationshipType, step), IdType.ACTUAL,
            Input.knownEstimates(graph.nodeCount(), graph.relationshipCount(), 6L * graph.nodeCount(), 0,
                (long) graph.nodeCount() * (graph.features().dimension() * 4L + 64), 0, graph.nodeCount()),
            ReadableGroups.EMPTY);
        try (var fs = new DefaultFileSystemAbstraction(); JobScheduler scheduler = JobSchedulerFactory.createInitialisedScheduler()) {
            BatchImporterFactory.withHighestPriority().instantiate(layout, fs, PageCacheTracer.NULL, Configuration.DEFAULT,
                NullLogService.getInstance(), ExecutionMonitor.INVISIBLE, DefaultAdditionalIds.EMPTY,
                new EmptyLogTailMetadata(config), config, Monitor.NO_MONITOR, scheduler, Collector.STRICT,
                TransactionLogInitializer.getLogFilesInitializer(), new IndexImporterFactoryImpl(),
                EmptyMemoryTracker.INSTANCE, CursorContextFactory.NULL_CONTEXT_FACTORY).doImport(input);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("bulk import into " + layout.databaseDirectory() + " failed: " + e.getMessage(), e);
        }
    }

    private static Config config(Path home) {
        return Config.newBuilder().set(GraphDatabaseSettings.neo4j_home, home.toAbsolutePath()).build();
    }

    /** Node i gets id i (ids are "actual": the relationships refer to nodes by these numbers). */
    private static InputIterable nodes(GraphRecords records, String label, DoubleConsumer progress) {
        String[] labels = {label};
        return () -> new Ranges(records.nodeCount(), progress, (i, visitor) -> {
            visitor.id(i);
            visitor.labels(labels);
            records.nodes().visit(i, visitor::property);
        });
    }

    private static InputIterable relationships(GeneratedGraph graph, String type, DoubleConsumer progress) {
        return () -> new Ranges(graph.relationshipCount(), progress, (e, visitor) -> {
            visitor.startId(graph.sources()[e]);
            visitor.endId(graph.targets()[e]);
            visitor.type(type);
        });
    }

    private interface Entity {
        void visit(int index, InputEntityVisitor visitor);
    }

    /** Hands out consecutive index ranges to the importer's threads; each chunk visits its range. */
    private static final class Ranges implements InputIterator {
        private final int count;
        private final DoubleConsumer progress;
        private final Entity entity;
        private int next;

        Ranges(int count, DoubleConsumer progress, Entity entity) {
            this.count = count;
            this.progress = progress;
            this.entity = entity;
        }

        @Override
        public InputChunk newChunk() {
            return new Range();
        }

        @Override
        public synchronized boolean next(InputChunk chunk) {
            if (next >= count) {
                return false;
            }
            Range range = (Range) chunk;
            range.start = next;
            range.position = next;
            range.end = Math.min(count, next + CHUNK);
            next = range.end;
            return true;
        }

        @Override
        public void close() {}

        private final class Range implements InputChunk {
            int start;
            int position;
            int end;

            @Override
            public boolean next(InputEntityVisitor visitor) throws IOException {
                if (position >= end) {
                    return false;
                }
                entity.visit(position++, visitor);
                visitor.endOfEntity();
                if (position == end) {
                    progress.accept(end - start);
                }
                return true;
            }

            @Override
            public void close() {}
        }
    }
}
