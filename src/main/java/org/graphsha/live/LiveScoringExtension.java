package org.graphsha.live;

import org.graphsha.store.settings.GraphshaSettings;
import org.neo4j.configuration.Config;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.ExtensionType;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.kernel.lifecycle.LifecycleAdapter;

/**
 * Creates the DBMS's one {@link LiveScoring}, sized by neo4j.conf, when the DBMS starts, and frees what
 * it keeps when the DBMS stops. It is offered to the databases' extensions as a dependency;
 * {@link LiveDatabaseExtension} hands it to procedures and feeds it each database's changes.
 */
public final class LiveScoringExtension extends ExtensionFactory<LiveScoringExtension.Dependencies> {

    /** What this extension takes from the DBMS. */
    public interface Dependencies {
        Config config();
    }

    public LiveScoringExtension() {
        super(ExtensionType.GLOBAL, "graphsha.live");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies dependencies) {
        LiveScoring live = of(dependencies.config());
        context.dependencySatisfier().satisfyDependency(live);
        return new LifecycleAdapter() {
            @Override
            public void stop() {
                live.clear();
            }
        };
    }

    /** Live scoring sized by the settings. */
    static LiveScoring of(Config config) {
        return new LiveScoring(config.get(GraphshaSettings.model_cache_max_size),
            config.get(GraphshaSettings.row_cache_max_size));
    }
}
