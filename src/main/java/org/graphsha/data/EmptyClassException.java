package org.graphsha.data;

/** A class has no nodes to draw from; callers that know the class's value can name it. */
public class EmptyClassException extends IllegalArgumentException {

    private final int classIndex;
    private final String where;

    public EmptyClassException(int classIndex, String where) {
        super(message("index " + classIndex, where));
        this.classIndex = classIndex;
        this.where = where;
    }

    public int classIndex() {
        return classIndex;
    }

    /** The same message, naming the class by its value instead of its index. */
    public String messageFor(Object classValue) {
        return message("`" + classValue + "`", where);
    }

    private static String message(String cls, String where) {
        return "class " + cls + " has no nodes " + where + "; remove the class or label some of its nodes";
    }
}
