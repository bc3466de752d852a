package org.graphsha.catalog;

import java.util.Objects;

/**
 * Who asks the catalog: the Neo4j user name ({@code ""} when authentication is off) and whether the
 * user is an administrator. The procedures decide both (docs/procedures.md, "Models belong to users");
 * the catalog only applies them.
 */
public record CatalogUser(String username, boolean admin) {

    public CatalogUser {
        Objects.requireNonNull(username, "username");
    }

    /** The user of a call with authentication off: no name, and full access, as everything else there. */
    public static final CatalogUser AUTH_DISABLED = new CatalogUser("", true);
}
