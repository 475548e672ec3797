package dev.tide.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tide.api.Discipline;
import dev.tide.api.TideException;
import dev.tide.api.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./bench}: in one run on one machine, Tide against db-scheduler, JobRunr and the storage ceiling on SQLite and
 * PostgreSQL (drain), durable single-task enqueue from many producers, claim cost per discipline as the backlog grows,
 * what a fair queue's drain costs against a fifo one, and (when asked for) what each capability costs in use, the
 * dashboard's page times and the thesis's direct-versus-queued enrollment import ({@link CampusBenchmark}). Prints the
 * figures and writes them to a JSON file.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Measures Tide against db-scheduler, JobRunr and the storage ceiling, in one run.")
public final class BenchMain implements Callable<Integer> {
    static final String DRAIN = "drain";
    static final String ENQUEUE = "enqueue";
    static final String BACKLOG = "backlog";
    static final String FAIRNESS = "fairness";
    static final String PROFILES = "profiles";
    static final String CAPABILITIES = "capabilities";
    static final String DASHBOARD = "dashboard";
    static final String CAMPUS = "campus";
    static final List<String> PHASES =
            List.of(DRAIN, ENQUEUE, BACKLOG, FAIRNESS, PROFILES, CAPABILITIES, DASHBOARD, CAMPUS);

    @Option(
            names = "--tasks",
            defaultValue = "100000",
            description = "Tasks per system in the drain (${DEFAULT-VALUE}).")
    int tasks;

    @Option(
            names = "--stores",
            split = ",",
            defaultValue = "sqlite,postgresql",
            description = "Databases to run on (${DEFAULT-VALUE}).")
    List<String> stores;

    @Option(
            names = "--systems",
            split = ",",
            defaultValue = "tide,db-scheduler,jobrunr,ceiling",
            description = "Systems in the drain (${DEFAULT-VALUE}).")
    List<String> systems;

    @Option(
            names = "--phases",
            split = ",",
            defaultValue = "drain,enqueue,backlog,fairness,profiles",
            description = "What to measure: drain, enqueue (durable, one task per call), backlog (claim cost per"
                    + " discipline as the backlog grows, heap, plans), fairness (Tide's drain through a fair queue"
                    + " against a fifo one), profiles (the claim's cost with a profile in force against none),"
                    + " capabilities (enqueue and drain with each capability in use against a plain fifo queue, in"
                    + " interleaved runs of --tasks, --rounds each; only when named), dashboard (each page's p50 and p95"
                    + " on --dashboard-tasks tasks; only when named), campus (the thesis's direct-versus-queued"
                    + " enrollment import, tables 13 to 15, each run in a fresh JVM; only when named)"
                    + " (${DEFAULT-VALUE}).")
    List<String> phases;

    @Option(
            names = "--warmup",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Run each system once on half the tasks first, unmeasured, so the JIT is warm.")
    boolean warmup;

    @Option(
            names = "--rounds",
            defaultValue = "3",
            description = "Measured drains per system, and runs of each campus file size each way; the report gives"
                    + " the median (${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--producers", defaultValue = "64", description = "Producers in the enqueue phase.")
    int producers;

    @Option(
            names = "--producer-tasks",
            defaultValue = "500",
            description = "Tasks each producer enqueues (${DEFAULT-VALUE}).")
    int producerTasks;

    @Option(
            names = "--backlog",
            split = ",",
            defaultValue = "10000,1000000",
            description = "The small and the large backlog of the backlog phase (${DEFAULT-VALUE}).")
    List<Integer> backlog;

    @Option(
            names = "--disciplines",
            split = ",",
            defaultValue = "fifo,priority,edf,roulette,fair",
            description = "Disciplines the backlog phase measures, each on a database of its own (${DEFAULT-VALUE}).")
    List<String> disciplines;

    @Option(
            names = "--users",
            defaultValue = "1000",
            description = "Owners of a fair queue's tasks, all with tasks ready, in the backlog and fairness phases"
                    + " (${DEFAULT-VALUE}).")
    int users;

    @Option(
            names = "--dashboard-tasks",
            defaultValue = "1000000",
            description = "Tasks in the dashboard phase's data set (${DEFAULT-VALUE}).")
    int dashboardTasks;

    @Option(
            names = "--campus-lines",
            split = ",",
            defaultValue = "25,100,200,300,400,500,600,700,800,900,1000,1500,2000,3000",
            description = "Enrollment file sizes of the campus phase, the thesis's by default (${DEFAULT-VALUE}).")
    List<Integer> campusLines;

    @Option(
            names = "--campus-heap",
            defaultValue = "256",
            description = "Heap limit of each measured campus run's JVM, MB (${DEFAULT-VALUE}).")
    int campusHeapMb;

    @Option(
            names = "--campus-workers",
            defaultValue = "8",
            description = "Concurrency of the worker pool that drains a queued import (${DEFAULT-VALUE}).")
    int campusWorkers;

    @Option(
            names = "--campus-search-heap",
            defaultValue = "16",
            description = "Heap limit, MB, in which the campus phase searches for the largest file each way imports;"
                    + " 0 for no search (${DEFAULT-VALUE}).")
    int campusSearchHeapMb;

    @Option(
            names = "--campus-search-from",
            defaultValue = "4000",
            description = "The search's first file size, in lines; it doubles from there (${DEFAULT-VALUE}).")
    int campusSearchFrom;

    @Option(
            names = "--campus-search-cap",
            defaultValue = "100000",
            description = "The largest file the search tries, in lines (${DEFAULT-VALUE}).")
    int campusSearchCap;

    @Option(
            names = "--campus-chart",
            defaultValue = "bench-results/campus-direct-vs-queued.svg",
            description = "Where the campus phase draws its chart (${DEFAULT-VALUE}).")
    Path campusChart;

    @Option(
            names = "--pg-url",
            defaultValue = "${env:TIDE_BENCH_PG_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}",
            description = "PostgreSQL to use; each system gets a schema of its own, dropped afterwards.")
    String postgresUrl;

    @Option(
            names = "--work",
            defaultValue = "bench-results/work",
            description = "Folder for the SQLite files (each removed after its run).")
    Path work;

    @Option(names = "--out", defaultValue = "bench-results/bench.json", description = "Where to write the figures.")
    Path out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<BenchDatabase.StoreKind> kinds = validate();
        if (kinds.contains(BenchDatabase.StoreKind.POSTGRESQL)) {
            String problem = PostgresBenchDatabase.unreachable(postgresUrl);
            if (problem != null) {
                System.err.println("bench: PostgreSQL at " + postgresUrl + " is unreachable (" + problem
                        + "); measuring SQLite only");
                kinds = kinds.stream()
                        .filter(k -> k != BenchDatabase.StoreKind.POSTGRESQL)
                        .toList();
            }
        }
        BenchDatabases databases = new BenchDatabases(postgresUrl, work);
        Environment environment = Environment.describe(
                kinds.contains(BenchDatabase.StoreKind.POSTGRESQL) ? postgresUrl : null, FsyncProbe.measure(work, 200));

        List<DrainResult> drained = new ArrayList<>();
        List<DurableEnqueueBenchmark.Result> enqueued = new ArrayList<>();
        List<BacklogBenchmark.Result> backlogs = new ArrayList<>();
        List<FairnessResult> fairness = new ArrayList<>();
        List<ProfileCostBenchmark.Result> profileCost = new ArrayList<>();
        List<CapabilityCostResult> capabilityCost = new ArrayList<>();
        List<DashboardBenchmark.Result> dashboard = new ArrayList<>();
        List<CampusResult> campus = new ArrayList<>();
        for (BenchDatabase.StoreKind kind : kinds) {
            if (phases.contains(DRAIN)) {
                for (String system : systems) {
                    drained.add(drain(databases, kind, system));
                }
            }
            if (phases.contains(ENQUEUE)) {
                progress("durable enqueue on %s: %d producers x %,d tasks", kind.label(), producers, producerTasks);
                System.gc();
                enqueued.add(DurableEnqueueBenchmark.run(databases.fresh(kind, "enqueue"), producers, producerTasks));
            }
            if (phases.contains(BACKLOG)) {
                for (String discipline : disciplines) {
                    progress(
                            "claim cost of %s on %s with %,d and %,d queued",
                            discipline, kind.label(), backlog.get(0), backlog.get(1));
                    backlogs.add(runBacklog(kind, discipline));
                }
            }
            if (phases.contains(FAIRNESS)) {
                fairness.add(new FairnessResult(
                        kind.label(),
                        users,
                        drain(databases, kind, "tide-fifo", tide(Discipline.FIFO)),
                        drain(databases, kind, "tide-fair", tide(Discipline.FAIR))));
            }
            if (phases.contains(PROFILES)) {
                progress("claim cost with and without a profile on %s, %,d queued", kind.label(), backlog.get(0));
                profileCost.add(ProfileCostBenchmark.run(
                        databases.fresh(kind, "profiles"), backlog.get(0), 2 * rounds, warmup ? 100 : 10));
            }
            if (phases.contains(CAPABILITIES)) {
                capabilityCost.add(CapabilityCostBenchmark.run(databases, kind, tasks, rounds, warmup));
            }
            if (phases.contains(DASHBOARD)) {
                progress("dashboard pages on %s with %,d tasks", kind.label(), dashboardTasks);
                dashboard.add(DashboardBenchmark.run(databases.fresh(kind, "dashboard"), dashboardTasks, 40));
            }
            if (phases.contains(CAMPUS)) {
                progress("direct versus queued enrollment import on %s, %s lines", kind.label(), campusLines);
                campus.add(CampusBenchmark.run(databases, kind, campusOptions()));
            }
        }
        BenchReport report = BenchReport.of(
                "./bench " + String.join(" ", commandLine()),
                environment,
                tasks,
                drained,
                enqueued,
                backlogs,
                fairness,
                profileCost,
                capabilityCost,
                dashboard,
                campus);
        report.print(System.out);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Json.mapper().writer(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), report);
        System.out.println("\nWritten to " + out);
        if (!campus.isEmpty()) {
            CampusChart.write(campus, campusChart);
            System.out.println("Chart of the campus phase drawn in " + campusChart);
        }
        return 0;
    }

    private DrainResult drain(BenchDatabases databases, BenchDatabase.StoreKind kind, String system) throws Exception {
        return drain(databases, kind, system, QueueSystems.factory(system));
    }

    /** Tide draining a queue of {@code discipline}, with {@link #users} users if it is fair. */
    private DrainBenchmark.Factory tide(Discipline discipline) {
        Workload workload = Workload.of(discipline, users);
        return database -> new TideQueue(database, TideBatches.DEFAULT, workload, "tide " + workload.label());
    }

    /** Warms a system up, then runs it {@code rounds} times; answers the median round. */
    private DrainResult drain(
            BenchDatabases databases, BenchDatabase.StoreKind kind, String system, DrainBenchmark.Factory factory)
            throws Exception {
        if (warmup) {
            progress("warming up %s on %s", system, kind.label());
            DrainBenchmark.run(databases, kind, system, factory, Math.max(1000, tasks / 2));
        }
        List<DrainResult> results = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            System.gc();
            DrainResult result = DrainBenchmark.run(databases, kind, system, factory, tasks);
            progress(
                    "%s on %s, round %d of %d: enqueue %,.0f/s, drain %,.0f/s%s",
                    system,
                    kind.label(),
                    round,
                    rounds,
                    result.enqueueRate(),
                    result.drainRate(),
                    result.duplicates() == 0 ? "" : ", " + result.duplicates() + " DUPLICATE RUNS");
            results.add(result);
        }
        return DrainResult.median(results);
    }

    /** Refuses bad options before anything runs, naming the option; answers the stores to measure. */
    private List<BenchDatabase.StoreKind> validate() {
        List<BenchDatabase.StoreKind> kinds = new ArrayList<>();
        for (String store : stores) {
            kinds.add(parse("--stores", () -> BenchDatabase.StoreKind.parse(store)));
        }
        for (String system : systems) {
            parse("--systems", () -> QueueSystems.factory(system));
        }
        for (String phase : phases) {
            if (!PHASES.contains(phase)) {
                throw bad("--phases: unknown phase '" + phase + "' (use " + String.join(", ", PHASES) + ")");
            }
        }
        for (String discipline : disciplines) {
            parse("--disciplines", () -> Discipline.parse(discipline));
        }
        if (tasks < 1 || rounds < 1 || producers < 1 || producerTasks < 1 || users < 1) {
            throw bad("--tasks, --rounds, --producers, --producer-tasks and --users must be at least 1");
        }
        if (campusLines.isEmpty() || campusLines.stream().anyMatch(n -> n < 1)) {
            throw bad("--campus-lines: give file sizes of at least 1 line, e.g. 25,100,1000");
        }
        if (campusHeapMb < 16 || campusWorkers < 1 || campusSearchHeapMb < 0) {
            throw bad("--campus-heap must be at least 16 (MB), --campus-workers at least 1, --campus-search-heap 0 or"
                    + " more");
        }
        if (campusSearchHeapMb > 0 && (campusSearchFrom < 1 || campusSearchCap < campusSearchFrom)) {
            throw bad("--campus-search-from must be at least 1 and --campus-search-cap at least that");
        }
        if (backlog.size() != 2 || backlog.get(0) < 1 || backlog.get(1) <= backlog.get(0)) {
            throw bad("--backlog: give a small and a larger backlog, e.g. 10000,1000000");
        }
        return kinds;
    }

    private <T> T parse(String option, Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException | TideException e) {
            throw bad(option + ": " + e.getMessage());
        }
    }

    private CommandLine.ParameterException bad(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** Runs the backlog phase in a JVM of its own, limited to {@value BacklogBenchmark#HEAP_LIMIT_MB} MB of heap. */
    private BacklogBenchmark.Result runBacklog(BenchDatabase.StoreKind kind, String discipline) throws Exception {
        Path result = Files.createTempFile("tide-bench-backlog", ".json");
        try {
            ChildJvm.run(
                    BacklogBenchmark.class,
                    BacklogBenchmark.HEAP_LIMIT_MB,
                    List.of(
                            kind.label(),
                            postgresUrl,
                            work.toString(),
                            discipline,
                            Integer.toString(users),
                            backlog.get(0).toString(),
                            backlog.get(1).toString(),
                            result.toString()));
            return Json.mapper().readValue(result.toFile(), BacklogBenchmark.Result.class);
        } finally {
            Files.deleteIfExists(result);
        }
    }

    private CampusBenchmark.Options campusOptions() {
        return new CampusBenchmark.Options(
                campusLines,
                rounds,
                campusHeapMb,
                campusWorkers,
                warmup,
                campusSearchHeapMb,
                campusSearchFrom,
                campusSearchCap);
    }

    private List<String> commandLine() {
        return List.of(
                "--tasks=" + tasks,
                "--rounds=" + rounds,
                "--stores=" + String.join(",", stores),
                "--systems=" + String.join(",", systems),
                "--phases=" + String.join(",", phases),
                "--producers=" + producers,
                "--producer-tasks=" + producerTasks,
                "--backlog=" + backlog.get(0) + "," + backlog.get(1),
                "--disciplines=" + String.join(",", disciplines),
                "--users=" + users,
                "--campus-lines=" + campusLines.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "--campus-heap=" + campusHeapMb,
                "--campus-workers=" + campusWorkers,
                "--campus-search-heap=" + campusSearchHeapMb,
                "--campus-search-from=" + campusSearchFrom,
                "--campus-search-cap=" + campusSearchCap);
    }

    static void progress(String format, Object... args) {
        System.err.printf("bench: " + format + "%n", args);
    }
}
