// The legacy program of the 2D C++ GJK tutorial ("GJK 算法", WSKH, 2023-1-21): its main and
// its calls, unchanged, with the tutorial's definitions (PI, ERROR, origin and every function
// from printSimplex to GJK) deleted and gjk_tutorial.hpp included in their place. The
// published listing lost the names of its two includes; <iostream> and <vector> are what main
// needs. Built with -Wall -Wextra -Werror and run under valgrind by tests/tools/cpp.rs, which
// compares its output with the answer worked out by hand there. main's own `new double[]`
// arrays are never freed, as in the tutorial; tests/cpp/legacy/main_leaks.supp tells valgrind
// to accept exactly those.
#include <iostream>
#include <vector>

#include "gjk_tutorial.hpp"

using namespace std;

/* 程序主函数 */
int main(){
    // 返回码
    int returnCode = 0;
    // 创建两个多边形 poly1 和 poly2
    vector<double*> poly1;
    poly1.push_back(new double[]{0,0});
    poly1.push_back(new double[]{3,0});
    poly1.push_back(new double[]{3,3});
    poly1.push_back(new double[]{0,3});
    vector<double*> poly2;
    // 重叠测试
    //poly2.push_back(new double[]{2,2});
    //poly2.push_back(new double[]{5,2});
    //poly2.push_back(new double[]{5,5});
    //poly2.push_back(new double[]{2,5});
    // 不重叠测试
    poly2.push_back(new double[]{3, 3});
    poly2.push_back(new double[]{5, 3});
    poly2.push_back(new double[]{3, 5});
    poly2.push_back(new double[]{3, 5});
    // 检验两个多边形是否为凸
    if (!isConvex(poly1)){
        cout << "错误: poly1 为凹多边形" << endl;
        returnCode = -1;
    }
    if (!isConvex(poly2)){
        cout << "错误: poly2 为凹多边形" << endl;
        returnCode = -1;
    }
    // 调用GJK算法进行重叠判断
    if (returnCode == 0){
        bool isOverlap = GJK(poly1, poly2);
        cout << "重叠判断结果为: 两个多边形 <" << (isOverlap ? "重叠" : "未重叠") << ">" << endl;
    }
    system("pause");
    return returnCode;
}
