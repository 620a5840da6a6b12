package dev.brink.heap.scenario;

import java.io.IOException;
import java.io.InputStream;

/**
 * A class loader that defines one class itself (child first), from the class file its parent sees, and leaves every
 * other class to its parent: each instance holds its own copy of that class and of the class's statics, as a plugin
 * or script loader does.
 */
abstract class ChildFirstLoader extends ClassLoader {
    private final String own;

    ChildFirstLoader(ClassLoader parent, Class<?> own) {
        super(parent);
        this.own = own.getName();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.equals(own)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c != null) {
                return c;
            }
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }
}
