package dev.brink.heap.scenario;

import java.util.concurrent.CountDownLatch;

/**
 * A healthy script host: one class loader for its script bundle (1.2 MB of compiled scripts in the bundle's class),
 * loaded once. At the first dump the host's static field holds the loader; by the second the host has handed it to
 * a runner thread (its context class loader) and cleared the field. One loader, the same bytes, held from another
 * place: nothing grew, as when a service's main class loader is referenced by the server's threads at one moment
 * and by the launcher at another.
 */
public final class ScriptHost {
    static ClassLoader active;

    /** Defines ScriptBundle itself, in each instance anew. */
    static final class BundleLoader extends ChildFirstLoader {
        BundleLoader(ClassLoader parent) {
            super(parent, ScriptBundle.class);
        }
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        TwoDumps.run(args, round -> {
            if (round == 1) {
                active = new BundleLoader(ScriptHost.class.getClassLoader());
                Class.forName(ScriptBundle.class.getName(), true, active).getMethod("size").invoke(null);
            } else {
                ClassLoader handed = active;
                Thread runner = new Thread(() -> {
                    try {
                        done.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "script-runner");
                runner.setContextClassLoader(handed);
                runner.setDaemon(true);
                runner.start();
                active = null;
            }
        });
        done.countDown();
    }
}
