package dev.brink.gc.programs;

/** The class {@link PluginHost} defines in each loader: forty small methods, a few KB of class metadata. */
public final class Plugin {
    private Plugin() {
    }

    public static long run(int n) {
        return step0(n) + step1(n) + step2(n) + step3(n) + step4(n) + step5(n) + step6(n) + step7(n) + step8(n) + step9(n) + step10(n) + step11(n) + step12(n) + step13(n) + step14(n) + step15(n) + step16(n) + step17(n) + step18(n) + step19(n) + step20(n) + step21(n) + step22(n) + step23(n) + step24(n) + step25(n) + step26(n) + step27(n) + step28(n) + step29(n) + step30(n) + step31(n) + step32(n) + step33(n) + step34(n) + step35(n) + step36(n) + step37(n) + step38(n) + step39(n);
    }

    public static long step0(long x) {
        long y = x * 3 + 0;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 1) + "p0".hashCode();
        }
        return y;
    }

    public static long step1(long x) {
        long y = x * 10 + 1;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 2) + "p1".hashCode();
        }
        return y;
    }

    public static long step2(long x) {
        long y = x * 17 + 2;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 3) + "p2".hashCode();
        }
        return y;
    }

    public static long step3(long x) {
        long y = x * 24 + 3;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 4) + "p3".hashCode();
        }
        return y;
    }

    public static long step4(long x) {
        long y = x * 31 + 4;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 5) + "p4".hashCode();
        }
        return y;
    }

    public static long step5(long x) {
        long y = x * 38 + 5;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 6) + "p5".hashCode();
        }
        return y;
    }

    public static long step6(long x) {
        long y = x * 45 + 6;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 7) + "p6".hashCode();
        }
        return y;
    }

    public static long step7(long x) {
        long y = x * 52 + 7;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 8) + "p7".hashCode();
        }
        return y;
    }

    public static long step8(long x) {
        long y = x * 59 + 8;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 9) + "p8".hashCode();
        }
        return y;
    }

    public static long step9(long x) {
        long y = x * 66 + 9;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 10) + "p9".hashCode();
        }
        return y;
    }

    public static long step10(long x) {
        long y = x * 73 + 10;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 11) + "p10".hashCode();
        }
        return y;
    }

    public static long step11(long x) {
        long y = x * 80 + 11;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 12) + "p11".hashCode();
        }
        return y;
    }

    public static long step12(long x) {
        long y = x * 87 + 12;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 13) + "p12".hashCode();
        }
        return y;
    }

    public static long step13(long x) {
        long y = x * 94 + 13;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 1) + "p13".hashCode();
        }
        return y;
    }

    public static long step14(long x) {
        long y = x * 101 + 14;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 2) + "p14".hashCode();
        }
        return y;
    }

    public static long step15(long x) {
        long y = x * 108 + 15;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 3) + "p15".hashCode();
        }
        return y;
    }

    public static long step16(long x) {
        long y = x * 115 + 16;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 4) + "p16".hashCode();
        }
        return y;
    }

    public static long step17(long x) {
        long y = x * 122 + 17;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 5) + "p17".hashCode();
        }
        return y;
    }

    public static long step18(long x) {
        long y = x * 129 + 18;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 6) + "p18".hashCode();
        }
        return y;
    }

    public static long step19(long x) {
        long y = x * 136 + 19;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 7) + "p19".hashCode();
        }
        return y;
    }

    public static long step20(long x) {
        long y = x * 143 + 20;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 8) + "p20".hashCode();
        }
        return y;
    }

    public static long step21(long x) {
        long y = x * 150 + 21;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 9) + "p21".hashCode();
        }
        return y;
    }

    public static long step22(long x) {
        long y = x * 157 + 22;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 10) + "p22".hashCode();
        }
        return y;
    }

    public static long step23(long x) {
        long y = x * 164 + 23;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 11) + "p23".hashCode();
        }
        return y;
    }

    public static long step24(long x) {
        long y = x * 171 + 24;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 12) + "p24".hashCode();
        }
        return y;
    }

    public static long step25(long x) {
        long y = x * 178 + 25;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 13) + "p25".hashCode();
        }
        return y;
    }

    public static long step26(long x) {
        long y = x * 185 + 26;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 1) + "p26".hashCode();
        }
        return y;
    }

    public static long step27(long x) {
        long y = x * 192 + 27;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 2) + "p27".hashCode();
        }
        return y;
    }

    public static long step28(long x) {
        long y = x * 199 + 28;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 3) + "p28".hashCode();
        }
        return y;
    }

    public static long step29(long x) {
        long y = x * 206 + 29;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 4) + "p29".hashCode();
        }
        return y;
    }

    public static long step30(long x) {
        long y = x * 213 + 30;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 5) + "p30".hashCode();
        }
        return y;
    }

    public static long step31(long x) {
        long y = x * 220 + 31;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 6) + "p31".hashCode();
        }
        return y;
    }

    public static long step32(long x) {
        long y = x * 227 + 32;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 7) + "p32".hashCode();
        }
        return y;
    }

    public static long step33(long x) {
        long y = x * 234 + 33;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 8) + "p33".hashCode();
        }
        return y;
    }

    public static long step34(long x) {
        long y = x * 241 + 34;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 9) + "p34".hashCode();
        }
        return y;
    }

    public static long step35(long x) {
        long y = x * 248 + 35;
        for (int k = 0; k < 2; k++) {
            y = y ^ (y >>> 10) + "p35".hashCode();
        }
        return y;
    }

    public static long step36(long x) {
        long y = x * 255 + 36;
        for (int k = 0; k < 3; k++) {
            y = y ^ (y >>> 11) + "p36".hashCode();
        }
        return y;
    }

    public static long step37(long x) {
        long y = x * 262 + 37;
        for (int k = 0; k < 4; k++) {
            y = y ^ (y >>> 12) + "p37".hashCode();
        }
        return y;
    }

    public static long step38(long x) {
        long y = x * 269 + 38;
        for (int k = 0; k < 5; k++) {
            y = y ^ (y >>> 13) + "p38".hashCode();
        }
        return y;
    }

    public static long step39(long x) {
        long y = x * 276 + 39;
        for (int k = 0; k < 6; k++) {
            y = y ^ (y >>> 1) + "p39".hashCode();
        }
        return y;
    }
}
