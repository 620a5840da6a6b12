package dev.brink.heap;

/**
 * Detail keys of memory-leak findings added for class-loader leaks and spread suspects, in one place so the
 * run-directory contract can adopt them as they are.
 */
public final class LeakDetailKeys {
    /** "generated-classes" or "many-loaders" for a class-loader leak; "spread-class" for a suspect by class. */
    public static final String LEAK_SHAPE = "leak_shape";
    public static final String LOADER_CLASS = "loader_class";
    public static final String LOADER_OBJECT = "loader_object";
    public static final String LOADERS = "loaders";
    public static final String CLASSES = "classes";
    public static final String CLASS_PATTERN = "class_pattern";
    /** How many top-level objects hold the instances of a suspect by class. */
    public static final String HOLDERS = "holders";

    private LeakDetailKeys() {
    }
}
