package dev.tide.spring;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Lease;
import dev.tide.api.TaskInfo;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.springframework.util.ReflectionUtils;

/**
 * A {@link TideHandler} method as a {@link TaskHandler}: each parameter is resolved from the task's context by a rule
 * chosen once, at start, where a method that breaks the rules is refused with its name and the parameter at fault.
 */
final class HandlerMethod implements TaskHandler {
    private final Object bean;
    private final Method method;
    private final List<Function<TaskContext, Object>> arguments;
    private final boolean keepsResult;

    private HandlerMethod(
            Object bean, Method method, List<Function<TaskContext, Object>> arguments, boolean keepsResult) {
        this.bean = bean;
        this.method = method;
        this.arguments = arguments;
        this.keepsResult = keepsResult;
    }

    /**
     * The handler calling {@code method} on {@code bean}. The method is found on the bean's class and invoked through
     * the bean as Spring made it (a proxy, say, for {@code @Transactional}), so the bean's advice applies.
     */
    static HandlerMethod of(Object bean, Method method, String described) {
        if (Modifier.isStatic(method.getModifiers())) {
            throw refused(described, "is static; make it an instance method of the bean");
        }
        List<Function<TaskContext, Object>> arguments = new ArrayList<>();
        String payloadParameter = null;
        for (Parameter parameter : method.getParameters()) {
            Class<?> type = parameter.getType();
            if (type == TaskContext.class) {
                arguments.add(context -> context);
            } else if (type == TaskInfo.class) {
                arguments.add(TaskContext::task);
            } else if (type == Lease.class) {
                arguments.add(TaskContext::lease);
            } else {
                if (payloadParameter != null) {
                    throw refused(
                            described,
                            "takes two payloads (" + payloadParameter + " and " + parameter.getName()
                                    + "); a handler takes at most one, with TaskContext, TaskInfo and Lease");
                }
                payloadParameter = parameter.getName();
                arguments.add(payload(parameter, described));
            }
        }
        ReflectionUtils.makeAccessible(method);
        return new HandlerMethod(bean, method, List.copyOf(arguments), method.getReturnType() != void.class);
    }

    private static Function<TaskContext, Object> payload(Parameter parameter, String described) {
        Class<?> type = parameter.getType();
        if (type.isPrimitive()) {
            throw refused(
                    described,
                    "takes its payload as " + type + "; a payload is a JSON object: take a record, a JsonNode or a "
                            + "String");
        }
        if (parameter.getParameterizedType() instanceof ParameterizedType generic && type != java.util.Map.class) {
            throw refused(
                    described,
                    "takes its payload as " + generic.getTypeName() + "; a generic type loses its type arguments: "
                            + "take a record, a Map, a JsonNode or a String");
        }
        if (type == String.class) {
            return TaskContext::payload;
        }
        if (type == JsonNode.class) {
            return context -> context.payload(JsonNode.class);
        }
        return context -> context.payload(type);
    }

    private static IllegalStateException refused(String described, String why) {
        return new IllegalStateException("@TideHandler " + described + " " + why);
    }

    @Override
    public void handle(TaskContext context) throws Exception {
        Object[] values = new Object[arguments.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = arguments.get(i).apply(context);
        }
        Object result;
        try {
            result = method.invoke(bean, values);
        } catch (InvocationTargetException e) {
            // The handler's own exception decides the task's fate (TaskFailure fails it for good): pass it on as
            // thrown.
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
        if (keepsResult && result != null) {
            context.result(result);
        }
    }

    @Override
    public String toString() {
        return method.toGenericString();
    }
}
