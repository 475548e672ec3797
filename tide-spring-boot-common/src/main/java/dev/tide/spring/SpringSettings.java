package dev.tide.spring;

import dev.tide.config.LayeredSettings;
import dev.tide.config.LayeredSettings.Layer;
import dev.tide.config.LayeredSettings.Property;
import dev.tide.config.LoadedSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginProvider;
import org.springframework.boot.origin.TextResourceOrigin;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * A Spring application's {@code tide.*}, read with the configuration file's model ({@code tide-config}): every
 * property source Spring has ({@code application.yaml}, {@code application.properties}, the environment, the command
 * line, a test's properties), in Spring's order of precedence, gives the settings {@code tide server --config} reads,
 * under the same names, with the same defaults and checks, and the same one-line refusal naming the source and the
 * key. The environment's {@code TIDE_} variables are read as {@code tide server} reads them.
 *
 * <p>Left to Spring's binder ({@link TideProperties}): the keys only an application has, {@link #SPRING_ONLY}. Refused:
 * the keys of {@code tide server}'s that an application has no use for, {@link #SERVER_ONLY}.
 */
final class SpringSettings {
    /** Names the properties as a whole in messages about an object or a value no one source gave. */
    static final String LABEL = "Spring properties";

    /** Bound to {@link TideProperties}: the worker pools, the health indicator, test support, the embedded server's switch. */
    static final List<String> SPRING_ONLY =
            List.of("tide.workers", "tide.health", "tide.test-support", "tide.server.enabled");

    /** {@code tide server}'s: TLS, limits and timeouts of its HTTP server, plugins, JMX, its logs, the folder intake. */
    static final List<String> SERVER_ONLY = List.of(
            "tide.server.tls",
            "tide.server.allow-plain-http",
            "tide.server.grace",
            "tide.server.plugins",
            "tide.server.jmx-port",
            "tide.server.idle-timeout",
            "tide.server.request-head-timeout",
            "tide.server.sign-ins-per-user",
            "tide.server.sign-ins-per-address",
            "tide.server.password-checks",
            "tide.server.log-format",
            "tide.intake");

    private static final LayeredSettings.Reader READER = new LayeredSettings.Reader(
            LABEL,
            SPRING_ONLY,
            SERVER_ONLY,
            "is read by tide server only; a Spring application has no use for it (docs/integration.md)",
            false);

    private static final Logger log = LoggerFactory.getLogger(SpringSettings.class);

    private SpringSettings() {}

    /** The settings; warns of each {@code TIDE_} variable that names no setting. */
    static LoadedSettings read(ConfigurableEnvironment environment) {
        List<Layer> layers = new ArrayList<>();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            // Spring gives the sources from the highest precedence down; the loader lays them from the lowest up
            if (source.getUnderlyingSource() instanceof SystemEnvironmentPropertySource variables) {
                layers.add(0, new LayeredSettings.Variables(variables(environment, variables)));
            } else if (source instanceof IterableConfigurationPropertySource iterable) {
                layers.add(0, properties(environment, iterable));
            }
        }
        LoadedSettings loaded = LayeredSettings.load(layers, READER);
        loaded.warnings().forEach(log::warn);
        return loaded;
    }

    /**
     * The application's environment variables, where secrets named by {@code password-env} are read: Spring's own
     * source of them, else the process's.
     */
    static Map<String, String> variables(ConfigurableEnvironment environment) {
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (source instanceof SystemEnvironmentPropertySource variables) {
                return variables(environment, variables);
            }
        }
        return System.getenv();
    }

    private static Map<String, String> variables(
            ConfigurableEnvironment environment, SystemEnvironmentPropertySource source) {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String name : source.getPropertyNames()) {
            Object value = source.getProperty(name);
            if (value != null) {
                variables.put(name, environment.resolvePlaceholders(String.valueOf(value)));
            }
        }
        return variables;
    }

    private static LayeredSettings.Properties properties(
            ConfigurableEnvironment environment, IterableConfigurationPropertySource source) {
        List<Property> properties = new ArrayList<>();
        source.stream().filter(SpringSettings::isTide).forEach(name -> {
            ConfigurationProperty property = source.getConfigurationProperty(name);
            if (property != null && property.getValue() != null) {
                properties.add(new Property(
                        elements(name),
                        environment.resolvePlaceholders(String.valueOf(property.getValue())),
                        origin(source, name, property.getOrigin())));
            }
        });
        return new LayeredSettings.Properties(properties);
    }

    private static boolean isTide(ConfigurationPropertyName name) {
        return name.getNumberOfElements() > 1
                && name.getElement(0, Form.UNIFORM).equals("tide");
    }

    /** After {@code tide}, as written ({@code maxAttempts} stays, for the model to match), an index as {@code [0]}. */
    private static List<String> elements(ConfigurationPropertyName name) {
        List<String> elements = new ArrayList<>(name.getNumberOfElements() - 1);
        for (int i = 1; i < name.getNumberOfElements(); i++) {
            String element = name.getElement(i, Form.ORIGINAL);
            elements.add(name.isNumericIndex(i) ? "[" + element + "]" : element);
        }
        return elements;
    }

    /**
     * How a message names where the value was written: the file's name ({@code application.yaml}), the command line's
     * argument ({@code --tide.retention}), else the property source's name ({@code systemProperties}).
     */
    private static String origin(
            ConfigurationPropertySource source, ConfigurationPropertyName name, @Nullable Origin origin) {
        for (Origin o = origin; o != null; o = within(o)) {
            if (o instanceof TextResourceOrigin text
                    && text.getResource() != null
                    && text.getResource().getFilename() != null) {
                return text.getResource().getFilename();
            }
        }
        Object underlying = source.getUnderlyingSource();
        if (underlying instanceof CommandLinePropertySource<?>) {
            return "--" + name;
        }
        return underlying instanceof PropertySource<?> named ? named.getName() : LABEL;
    }

    /** What the origin says of where the value was written: the file's place a property source's origin holds. */
    private static @Nullable Origin within(Origin origin) {
        return origin instanceof OriginProvider provider
                        && provider.getOrigin() != null
                        && provider.getOrigin() != origin
                ? provider.getOrigin()
                : origin.getParent();
    }
}
