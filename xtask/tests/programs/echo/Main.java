import java.io.*;
public class Main { public static void main(String[] a) throws IOException {
  BufferedReader r = new BufferedReader(new InputStreamReader(System.in)); String l; StringBuilder b = new StringBuilder();
  while ((l = r.readLine()) != null) b.append(l).append('\n'); System.out.print(b);
}}
