package dev.tide.spring;

import dev.tide.api.TaskType;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.TaskHandler;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Collects the application's handlers as its beans are made: every {@link TideHandler} method, every
 * {@link TaskHandler} bean (its type from {@code @TideHandler} on its class, else its bean name), and the handlers of
 * every {@link HandlerRegistry} bean (a library's handlers as it hands them over, in the default queue). One task type
 * has one handler: a second one stops the application, naming both.
 */
public final class TideHandlerCollector implements BeanPostProcessor {
    private final Map<String, Registered> byType = new ConcurrentHashMap<>();

    /** A handler and where it came from, for messages. */
    private record Registered(String queue, TaskHandler handler, String source) {}

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        Class<?> target = AopUtils.getTargetClass(bean);
        if (bean instanceof TaskHandler handler) {
            TideHandler named = AnnotatedElementUtils.findMergedAnnotation(target, TideHandler.class);
            String type = named != null ? named.value() : beanName;
            String queue = named != null ? named.queue() : dev.tide.api.NewTask.DEFAULT_QUEUE;
            add(type, queue, handler, "bean " + beanName + " (" + target.getName() + ")");
        }
        if (bean instanceof HandlerRegistry registry) {
            addAll(registry, beanName);
        }
        if (!AnnotationUtils.isCandidateClass(target, TideHandler.class)) {
            return bean; // java.* and the like: no annotation of ours can be there
        }
        Map<Method, TideHandler> methods =
                MethodIntrospector.selectMethods(target, (MethodIntrospector.MetadataLookup<TideHandler>)
                        method -> AnnotatedElementUtils.findMergedAnnotation(method, TideHandler.class));
        for (Map.Entry<Method, TideHandler> entry : methods.entrySet()) {
            Method declared = entry.getKey();
            String described = target.getSimpleName() + "." + declared.getName() + " (bean " + beanName + ")";
            // Invoked through the bean Spring made, so a proxy's advice (@Transactional, say) applies.
            Method invocable = AopUtils.selectInvocableMethod(declared, bean.getClass());
            add(
                    entry.getValue().value(),
                    entry.getValue().queue(),
                    HandlerMethod.of(bean, invocable, described),
                    described);
        }
        return bean;
    }

    private void addAll(HandlerRegistry registry, String beanName) {
        String source = "HandlerRegistry bean " + beanName;
        if (registry.types().isEmpty() && !registry.isEmpty()) {
            throw new IllegalStateException(source + " has a handler for any task type; a worker pool claims the types "
                    + "it has handlers for, so give the registry a handler per type");
        }
        for (String type : registry.types()) {
            add(type, dev.tide.api.NewTask.DEFAULT_QUEUE, Objects.requireNonNull(registry.handler(type)), source);
        }
    }

    private void add(String type, String queue, TaskHandler handler, String source) {
        try {
            TaskType.requireName("task type", type);
            TaskType.requireName("queue", queue);
        } catch (RuntimeException e) {
            throw new IllegalStateException("@TideHandler of " + source + ": " + e.getMessage(), e);
        }
        Registered previous = byType.putIfAbsent(type, new Registered(queue, handler, source));
        if (previous != null) {
            throw new IllegalStateException("task type " + type + " has two handlers: " + previous.source() + " and "
                    + source + "; a task type has one handler");
        }
    }

    /** The handlers by queue, each queue's in one registry: what a worker pool runs. */
    public Map<String, HandlerRegistry> byQueue() {
        Map<String, HandlerRegistry.Builder> builders = new LinkedHashMap<>();
        byType.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> builders.computeIfAbsent(e.getValue().queue(), q -> HandlerRegistry.builder())
                        .handler(e.getKey(), e.getValue().handler()));
        Map<String, HandlerRegistry> registries = new LinkedHashMap<>();
        builders.forEach((queue, builder) -> registries.put(queue, builder.build()));
        return registries;
    }
}
