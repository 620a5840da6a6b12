package dev.brink.load.plan.jmx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One XML element of a .jmx as JMeter's XStream wrote it, with the line and column it starts at (so a bad element is
 * named where it is). A test element is a tag whose {@code testclass} names its kind, whose properties are
 * {@code stringProp}, {@code boolProp}, {@code intProp}, {@code longProp} children (and {@code elementProp} /
 * {@code collectionProp} for nested ones); {@code children} are the XML children, not the test tree's.
 */
record JmxElement(String tag, Map<String, String> attributes, List<JmxElement> children, String text, int line, int column) {

    String attr(String name) {
        return attributes.getOrDefault(name, "");
    }

    /** The element's kind: its {@code testclass}, else its tag (old plans, nested properties). */
    String testclass() {
        String c = attr("testclass");
        return c.isEmpty() ? tag : c;
    }

    String testname() {
        return attr("testname");
    }

    /** False when the plan disables it (JMeter skips a disabled element and everything under it). */
    boolean enabled() {
        return !attr("enabled").equals("false");
    }

    /** The text of the property {@code name} (a {@code stringProp}, {@code boolProp}… child), "" when absent. */
    String prop(String name) {
        for (JmxElement k : children) {
            if (k.tag.endsWith("Prop") && !k.tag.equals("elementProp") && !k.tag.equals("collectionProp") && k.attr("name").equals(name)) {
                return k.text.trim();
            }
        }
        return "";
    }

    /** The text of {@code name} without trimming (a body, where spaces are data), "" when absent. */
    String rawProp(String name) {
        for (JmxElement k : children) {
            if (k.tag.endsWith("Prop") && !k.tag.equals("elementProp") && !k.tag.equals("collectionProp") && k.attr("name").equals(name)) {
                return k.text;
            }
        }
        return "";
    }

    boolean has(String name) {
        for (JmxElement k : children) if (k.attr("name").equals(name) && k.tag.endsWith("Prop")) return true;
        return false;
    }

    boolean flag(String name) {
        return prop(name).equals("true");
    }

    JmxElement elementProp(String name) {
        for (JmxElement k : children) if (k.tag.equals("elementProp") && k.attr("name").equals(name)) return k;
        return null;
    }

    /** The items of the {@code collectionProp} named {@code name}, empty when absent. */
    List<JmxElement> collection(String name) {
        for (JmxElement k : children) if (k.tag.equals("collectionProp") && k.attr("name").equals(name)) return k.children;
        return List.of();
    }

    /** The arguments of an {@code Arguments} property ({@code HTTPsampler.Arguments}, user-defined variables). */
    List<JmxElement> arguments(String elementPropName) {
        JmxElement args = elementProp(elementPropName);
        return args == null ? List.of() : args.collection("Arguments.arguments");
    }

    String where() {
        return line + ":" + column;
    }

    /** For messages: {@code HTTPSamplerProxy 'Login'}. */
    String named() {
        return testclass() + " '" + testname() + "'";
    }

    static List<JmxElement> list() {
        return new ArrayList<>();
    }
}
