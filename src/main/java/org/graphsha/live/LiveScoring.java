package org.graphsha.live;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.graphsha.catalog.ModelCache;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.live.rows.GraphChanges;
import org.graphsha.live.rows.ModelRows;

/**
 * What {@code graphsha.predict.nodes} keeps between calls: the models read from their files, each with
 * its cached rows, and the databases watched for changes to those rows. One per DBMS, owned by
 * {@link LiveScoringExtension} (sized by {@code dbms.graphsha.model_cache.max_size} and
 * {@code dbms.graphsha.row_cache.max_size}) and given to procedures through {@code @Context}.
 */
public final class LiveScoring implements NodeChanges.Sink {

    private final ModelCache<ModelRows> models;
    private final long maxRowTableBytes;
    /** The key of each watched database, by name; a key is never reused, so rows never outlive their database. */
    private final Map<String, String> databases = new ConcurrentHashMap<>();
    private final AtomicLong starts = new AtomicLong();

    /**
     * @param maxModelBytes    the parameters of the cached models, in all
     * @param maxRowTableBytes the rows of one table: one model (or ensemble member), one graph, one tier
     */
    public LiveScoring(long maxModelBytes, long maxRowTableBytes) {
        this.maxRowTableBytes = maxRowTableBytes;
        this.models = new ModelCache<>(maxModelBytes, model -> new ModelRows(model, maxRowTableBytes));
    }

    /** The named model of the catalog with its cached rows; read from its file only when not cached or changed. */
    public ModelRows load(ModelCatalog catalog, String name) {
        return models.load(catalog, name);
    }

    /** Whether the model of this file is held in memory (model.list's {@code loaded}). */
    public boolean holds(Path file) {
        return models.holds(file);
    }

    /** The hook for a catalog: a model file was stored or dropped. */
    public void modelFileChanged(Path file) {
        models.invalidate(file);
    }

    /** Starts keeping rows of a database; its key is unique to this start. */
    String watch(String databaseName, String databaseId) {
        String key = databaseId + "#" + starts.incrementAndGet();
        databases.put(databaseName, key);
        return key;
    }

    /** Stops keeping rows of a database and frees those kept. */
    void unwatch(String databaseName) {
        String key = databases.remove(databaseName);
        if (key != null) {
            forgetAll(key);
        }
    }

    /** The key that rows of a running database are kept under. */
    public String databaseKey(String databaseName) {
        String key = databases.get(databaseName);
        if (key == null) {
            throw new IllegalStateException("graphsha live scoring does not watch database `" + databaseName
                + "`: the database is not running");
        }
        return key;
    }

    @Override
    public boolean watching(String database) {
        return models.values().stream().anyMatch(model -> model.hasRows(database));
    }

    @Override
    public void changed(String database, GraphChanges changes) {
        for (ModelRows model : models.values()) {
            model.forgetNodes(database, changes);
        }
    }

    @Override
    public void forgetAll(String database) {
        for (ModelRows model : models.values()) {
            model.clear(database);
        }
    }

    /** Forgets the rows of every model (the models stay): for memory, and for cold-start measurements. */
    public void clearRows() {
        models.values().forEach(ModelRows::clear);
    }

    /** Forgets every model and its rows. */
    public void clear() {
        models.clear();
    }

    /** Bytes held now: the cached models' parameters and their rows. */
    public long bytes() {
        return models.bytes() + models.values().stream().mapToLong(ModelRows::bytes).sum();
    }

    /** The models' part of the budget; each table of rows may take {@link #maxRowTableBytes} on top. */
    public long maxModelBytes() {
        return models.maxBytes();
    }

    public long maxRowTableBytes() {
        return maxRowTableBytes;
    }

    /** How many models are cached, and how many times one was read from its file. */
    public int modelCount() {
        return models.size();
    }

    public long loads() {
        return models.loads();
    }
}
