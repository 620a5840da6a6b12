package dev.brink.load.plan.jmx;

import dev.brink.core.BrinkUserException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads a .jmx into {@link JmxElement}s and its test tree into {@link Node}s, as JMeter would load it: each element of
 * a {@code hashTree} is followed by the {@code hashTree} of its children. What JMeter itself refuses is refused here
 * with one line naming the line and column: a DOCTYPE (JMeter never writes one, and a DTD could make the parser read
 * files or the network), an element that is neither one of JMeter's (its save service's aliases) nor a plugin's class
 * name, XML that is not well-formed.
 */
final class JmxReader {
    /** Deeper than any test plan a person builds; a fuzzed or hostile file must not overflow the stack. */
    private static final int MAX_DEPTH = 256;

    /** A test element and the elements under it in the test tree. */
    record Node(JmxElement element, List<Node> children) {
    }

    private JmxReader() {
    }

    /** The test plan's top nodes (the TestPlan element, whose children are the thread groups and the plan-wide elements). */
    static List<Node> read(String xml, String file) throws BrinkUserException {
        JmxElement root = parse(xml, file);
        if (!root.tag().equals("jmeterTestPlan")) {
            throw new BrinkUserException(file + ":" + root.where() + ": expected a JMeter test plan (<jmeterTestPlan>), got <" + root.tag() + ">");
        }
        JmxElement tree = null;
        for (JmxElement k : root.children()) if (k.tag().equals("hashTree")) tree = k;
        if (tree == null) throw new BrinkUserException(file + ":" + root.where() + ": expected a JMeter test plan: <jmeterTestPlan> has no <hashTree>");
        return nodes(tree, file, 0);
    }

    private static List<Node> nodes(JmxElement hashTree, String file, int depth) throws BrinkUserException {
        if (depth > MAX_DEPTH) throw new BrinkUserException(file + ":" + hashTree.where() + ": expected test elements nested at most " + MAX_DEPTH + " deep");
        List<Node> out = new ArrayList<>();
        List<JmxElement> kids = hashTree.children();
        for (int i = 0; i < kids.size(); i++) {
            JmxElement e = kids.get(i);
            if (e.tag().equals("hashTree")) {
                throw new BrinkUserException(file + ":" + e.where() + ": expected a test element before this <hashTree> (each element is"
                        + " followed by the hashTree of its children)");
            }
            if (!JmeterElements.known(e.tag())) {
                throw new BrinkUserException(file + ":" + e.where() + ": unknown element <" + e.tag() + "> (neither one of JMeter's"
                        + " elements nor a plugin's class name: JMeter cannot load this plan either)");
            }
            List<Node> children = List.of();
            if (i + 1 < kids.size() && kids.get(i + 1).tag().equals("hashTree")) {
                children = nodes(kids.get(++i), file, depth + 1);
            }
            out.add(new Node(e, children));
        }
        return out;
    }

    private static JmxElement parse(String xml, String file) throws BrinkUserException {
        Builder b = new Builder();
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            // a plan is data: no DTD, no external entity may read a file or the network
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setNamespaceAware(false);
            SAXParser p = f.newSAXParser();
            p.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            p.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            p.parse(new InputSource(new StringReader(xml)), b);
        } catch (SAXParseException e) {
            String msg = oneLine(e.getMessage());
            String where = file + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": ";
            if (msg.contains("DOCTYPE")) {
                throw new BrinkUserException(where + "expected a JMeter test plan without a DOCTYPE (JMeter never writes one;"
                        + " a DTD could make the reader open files)");
            }
            throw new BrinkUserException(where + "expected a JMeter test plan (XML), " + msg);
        } catch (SAXException | java.io.IOException | javax.xml.parsers.ParserConfigurationException | RuntimeException e) {
            throw new BrinkUserException(file + ": expected a JMeter test plan (XML), " + oneLine(String.valueOf(e.getMessage())));
        }
        if (b.root == null) throw new BrinkUserException(file + ":1:1: expected a JMeter test plan (XML), got no element");
        return b.root;
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }

    /** Builds the element tree, each element with where it starts; text is kept for leaves (property values). */
    private static final class Builder extends DefaultHandler {
        private Locator locator;
        private final Deque<Open> open = new ArrayDeque<>();
        JmxElement root;

        private record Open(String tag, Map<String, String> attributes, List<JmxElement> children, StringBuilder text, int line, int column) {
        }

        @Override
        public void setDocumentLocator(Locator l) {
            this.locator = l;
        }

        @Override
        public void startElement(String uri, String local, String qName, Attributes atts) throws SAXException {
            if (open.size() > MAX_DEPTH * 4) throw new SAXParseException("elements nested deeper than " + MAX_DEPTH * 4, locator);
            Map<String, String> a = new LinkedHashMap<>();
            for (int i = 0; i < atts.getLength(); i++) a.put(atts.getQName(i), atts.getValue(i));
            // the locator stands just after the start tag; its line is where the element is (the column is the tag's end)
            open.push(new Open(qName, a, new ArrayList<>(), new StringBuilder(), locator == null ? 0 : locator.getLineNumber(),
                    locator == null ? 0 : locator.getColumnNumber()));
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (!open.isEmpty()) open.peek().text.append(ch, start, length);
        }

        @Override
        public void endElement(String uri, String local, String qName) {
            Open o = open.pop();
            JmxElement e = new JmxElement(o.tag, o.attributes, List.copyOf(o.children), o.children.isEmpty() ? o.text.toString() : "",
                    o.line, o.column);
            if (open.isEmpty()) root = e;
            else open.peek().children.add(e);
        }
    }
}
