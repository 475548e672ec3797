package dev.tide.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The heap one stretch of work needed, in this JVM, as the JVM itself accounts for it. {@link #start()} collects the
 * garbage and resets the heap pools' peaks; {@link #stop()} reads:
 *
 * <ul>
 *   <li>the peak: the sum of every heap pool's peak usage since the start (each pool's own peak, so the sum can exceed
 *       the heap's use at any one moment). It counts garbage not yet collected, which in a young generation sized to
 *       the heap is most of it: the figure follows what was allocated until the first collection, then the young
 *       generation's size;
 *   <li>the most heap in use right after any collection during the work, from the collectors' own notifications: an
 *       upper bound of what was reachable then (a young collection leaves the old generation's garbage in place), and
 *       absent when no collection ran during the work;
 *   <li>the bytes allocated by all threads meanwhile, and the collections that ran.
 * </ul>
 */
final class HeapWatch {
    private static final double MB = 1024 * 1024;

    private final List<MemoryPoolMXBean> pools;
    private final Map<String, Long> countsAtStart = new ConcurrentHashMap<>();
    private final Map<String, Long> countsAtStop = new ConcurrentHashMap<>();
    private final AtomicLong maxAfterCollection = new AtomicLong(-1);
    private final AtomicInteger collectionsSeen = new AtomicInteger();
    private final NotificationListener listener = this::collected;
    private final double baselineMb;
    private final long allocatedAtStart;

    /**
     * What {@link HeapWatch} read.
     *
     * @param baselineMb heap in use after the collection at the start: what the process held before the work
     * @param peakMb the sum of the heap pools' peaks during the work
     * @param afterCollectionMb the most heap in use right after a collection during the work; null when none ran
     * @param allocatedMb bytes allocated by all threads during the work
     * @param collections collections (of every collector) that ran during the work
     * @param limitMb the heap's limit ({@code -Xmx})
     * @param collector the collectors' names
     */
    record Figures(
            double baselineMb,
            double peakMb,
            Double afterCollectionMb,
            double allocatedMb,
            int collections,
            double limitMb,
            String collector) {}

    private HeapWatch() {
        pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .toList();
        System.gc();
        System.gc();
        baselineMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / MB;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            countsAtStart.put(gc.getName(), gc.getCollectionCount());
            ((NotificationEmitter) gc).addNotificationListener(listener, null, null);
        }
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        allocatedAtStart = allocatedBytes();
    }

    /** Collects the garbage, resets the peaks and starts watching. */
    static HeapWatch start() {
        return new HeapWatch();
    }

    /** Stops watching and answers what the work needed. */
    Figures stop() throws InterruptedException {
        long allocated = allocatedBytes() - allocatedAtStart;
        long peak = pools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        int collections = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            countsAtStop.put(gc.getName(), gc.getCollectionCount());
            collections += (int) (gc.getCollectionCount() - countsAtStart.get(gc.getName()));
        }
        // Notifications arrive on a JMX thread after the collection; wait (briefly) for those of the work's
        // collections.
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (collectionsSeen.get() < collections && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            try {
                ((NotificationEmitter) gc).removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        long after = maxAfterCollection.get();
        return new Figures(
                baselineMb,
                peak / MB,
                after < 0 ? null : after / MB,
                allocated / MB,
                collections,
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax() / MB,
                String.join(
                        ", ",
                        ManagementFactory.getGarbageCollectorMXBeans().stream()
                                .map(GarbageCollectorMXBean::getName)
                                .toList()));
    }

    /** A collection ended: if it ran during the work, its heap in use afterwards counts. */
    private void collected(Notification notification, Object handback) {
        if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long id = info.getGcInfo().getId(); // this collector's count of collections, this one included
        Long first = countsAtStart.get(info.getGcName());
        Long last = countsAtStop.get(info.getGcName());
        if (first == null || id <= first || (last != null && id > last)) {
            return;
        }
        long used = 0;
        for (MemoryPoolMXBean pool : pools) {
            MemoryUsage usage = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
            used += usage == null ? 0 : usage.getUsed();
        }
        maxAfterCollection.accumulateAndGet(used, Math::max);
        collectionsSeen.incrementAndGet();
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
    }
}
